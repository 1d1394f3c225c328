import { bffPath } from './bff/urls';

// The external partner redirect (spec 1 §7): a partner (the hotel partner's site) links to any
// page of ours with `?redirect_url=`, and the visitor is sent on: to a page of the store, or to
// the partner's listings page rebuilt from the URL's in, from, to, rooms and adults. Which
// targets are allowed is the BFF's rule alone (bff/internal/hotels, redirect.go: store paths and
// the configured partner host, anything else home), so no open redirect can hide in a second
// copy of it: the proxy only hands the parameter to the BFF's redirect route, a same-site path.

/** The query parameter a partner names the target in. */
export const REDIRECT_PARAM = 'redirect_url';

/** The BFF's redirect route for a page address that carries redirect_url, or null when it carries none. */
export function partnerRedirectPath(search: URLSearchParams): string | null {
  const target = search.get(REDIRECT_PARAM);
  return target === null ? null : bffPath.hotelRedirect(target);
}
