// Where a visitor goes back to after signing in (spec 1 §4: "on login the user goes to ... the
// attempted or current route"). A gated route sends the visitor home with the login modal and the
// route it was asked for in `?destination=` (the name Drupal sites give it); the sign-in (or a
// sign-up that signs in) takes them there. Free of Next's APIs: the server gates, the proxy and the
// browser all use it.

/** The query parameter that carries the return target beside `?modal=login`. */
export const DESTINATION_PARAM = 'destination';

/**
 * The request header in which the proxy tells server components which path (and query) the
 * visitor asked for: a server-side gate needs it to say where to come back to, and Next gives a
 * page no other way to read its own address.
 */
export const REQUEST_PATH_HEADER = 'x-portal-path';

/** A target longer than this is no path of ours (the BFF refuses paths far shorter). */
const MAX_LENGTH = 2048;

/** Any origin will do to resolve against: only whether the result stays on it matters. */
const PROBE_ORIGIN = 'https://return-target.invalid';

/**
 * The same-site path a return target names, or null when it names none. Only a path with one
 * leading '/' qualifies: never '//host' or '/\host' (a browser reads both as another site), never
 * a scheme (https:, javascript:, data:), never a relative path, never one holding control
 * characters (a browser drops tabs and newlines, so '/\t/host' would become '//host'). The answer
 * is the path as a browser resolves it (dot segments gone), so what is checked is where the
 * visitor lands. Anyone can write the address, so this is the one gate every target goes through.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (raw[0] !== '/' || raw[1] === '/' || raw[1] === '\\') return null;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = url.pathname + url.search + url.hash;
  // Resolving can still leave a path a browser would read as another host ('/.//host').
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

/** Where a return target leads: its path, or home for anything that is not a same-site path. */
export function returnPath(raw: unknown): string {
  return safeReturnPath(raw) ?? '/';
}

/**
 * Home with the login modal open and, when `from` is a same-site path, that path to come back to.
 * A target that is home itself is left out: home is where a sign-in stays anyway.
 */
export function loginHref(from?: string | null): string {
  const target = safeReturnPath(from);
  const params = new URLSearchParams({ modal: 'login' });
  if (target && target !== '/') params.set(DESTINATION_PARAM, target);
  return `/?${params.toString()}`;
}

/** The return target an address carries in its query, if it is a same-site path. */
export function destinationOf(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnPath(params.get(DESTINATION_PARAM));
}

/**
 * The same-site path of an emailed link's continueUrl (spec 1 §7: sendEmailVerification's {url},
 * which the BFF makes absolute on the site's address). Only its path, query and fragment count:
 * whatever host it names, it leads back into this site, or nowhere (null).
 */
export function continuePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return safeReturnPath(url.pathname + url.search + url.hash);
}
