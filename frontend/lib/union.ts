/** The cookie that keeps a visitor's chosen union between visits. */
export const UNION_COOKIE = 'union';
/** A year, as visitors expect a choice like this to stick. */
export const UNION_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/** The request header the proxy hands the union to server components in. */
export const UNION_HEADER = 'x-portal-union';
/** Union ids and short names are short; anything longer is no union. */
export const MAX_UNION_LENGTH = 64;

/**
 * What a union value may look like: a term id ('37') or a short name ('CWA', 'SAG-AFTRA',
 * 'UNITE HERE'), as the contract's union parameter names a union. Letters, digits, and a space,
 * '.', '_', '&' or '-' between them.
 */
const UNION_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ._&-]*[A-Za-z0-9.])?$/;

/**
 * The union a visitor's value names, trimmed, or undefined when it cannot be one. The value ends
 * up in the BFF's query and in Next's cache keys (the site chrome per union), so anything odd or
 * long stops here; whether it names a real union is the BFF's call.
 */
export function cleanUnion(value: string | null | undefined): string | undefined {
  const union = value?.trim();
  if (!union || union.length > MAX_UNION_LENGTH || !UNION_PATTERN.test(union)) return undefined;
  return union;
}
