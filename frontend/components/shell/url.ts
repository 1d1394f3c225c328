import { DESTINATION_PARAM } from '@/lib/returnTo';

/** The parameters the shell reads once and then takes out of the address again. */
export const SHELL_PARAMS = ['modal', 'message', 'messageType', DESTINATION_PARAM] as const;

/**
 * The secrets an emailed link carries: a password reset's one-time code and the Firebase key beside
 * it (/reset). They are never tracked, and the page that reads them takes them out of the address.
 */
export const SECRET_PARAMS = ['oobCode', 'apiKey'] as const;

type Params = Pick<URLSearchParams, 'toString'> | string | null | undefined;

/**
 * The current address with some query parameters changed: `null` removes one, a string sets it. The
 * rest of the query and the hash are kept, so closing a modal leaves the visitor where they were.
 */
export function withParams(pathname: string, search: Params, changes: Record<string, string | null>, hash = ''): string {
  const params = new URLSearchParams(search == null ? '' : search.toString());
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}

/** The hash of the address in the browser, or nothing on the server. */
export function currentHash(): string {
  return typeof window === 'undefined' ? '' : window.location.hash;
}
