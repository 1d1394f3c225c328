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
