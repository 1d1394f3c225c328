import * as bffPath from './bff/urls';

// The external partner redirect (spec 1 §7): a partner (the hotel partner's site) links to any
// page of ours with `?redirect_url=`, and the visitor is sent on: to a page of the store, or to
// the partner's listings page rebuilt from the URL's in, from, to, rooms and adults. Which
// targets are allowed, and who may have them, is the BFF's rule alone (bff/internal/hotels,
// redirect.go: store paths for anyone, the configured partner host for a signed-in member, anything
// else home), so no open redirect and no member key can slip through a second copy of it: the
// proxy only hands the parameter to the BFF's redirect route, a same-site path. A visitor asking
// for the partner is sent from there to the login modal with that route as `?destination=`
// (spec 1 §4: "on login the user goes to a requested partner redirect"); isPartnerRedirect tells
// the sign-in to load it.

/** The query parameter a partner names the target in. */
export const REDIRECT_PARAM = 'redirect_url';

/** The BFF's redirect route for a page address that carries redirect_url, or null when it carries none. */
export function partnerRedirectPath(search: URLSearchParams): string | null {
  const target = search.get(REDIRECT_PARAM);
  return target === null ? null : bffPath.hotelRedirect(target);
}

/** The BFF's redirect route, without a query. */
const REDIRECT_ROUTE = bffPath.hotelRedirect('');

/**
 * Whether a return target is the BFF's redirect route. The browser must load it itself: it is no
 * page the client router can render, and it sends the member off the site.
 */
export function isPartnerRedirect(path: string): boolean {
  return path === REDIRECT_ROUTE || path.startsWith(`${REDIRECT_ROUTE}?`);
}
