import { NextResponse, type NextRequest } from 'next/server';
import { config as siteConfig } from '@/lib/config';
import { REQUEST_PATH_HEADER } from '@/lib/returnTo';
import { newNonce, securityHeaders } from '@/lib/securityHeaders';
import { UNION_COOKIE, UNION_HEADER, UNION_COOKIE_MAX_AGE, cleanUnion } from '@/lib/union';
import { NOT_FOUND_ROUTE, SITE_FILES, isMissingPage } from '@/lib/missingPage';
import { partnerRedirectPath } from '@/lib/partnerRedirect';
import { CACHED_PAGE_NONCE, cachedPageUrl } from '@/lib/pageCache';
import { isPageCachePath } from '@/lib/pageCacheRoute';
import { edgePhase, functionRewrite } from '@/lib/edgePhases';

/** Whether the browser reached us over https, directly or through the proxy in front of Next. */
function reachedOverHttps(request: NextRequest): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return request.nextUrl.protocol === 'https:' || forwarded === 'https';
}

/**
 * Tells server components the path and query this request asked for (lib/request.ts
 * requestPath), so a gate can send the visitor to sign in and back here. Only the proxy may say
 * it: a header the browser sent under that name is replaced.
 */
function forwardRequestPath(headers: Headers, request: NextRequest): void {
  const url = request.nextUrl.clone();
  url.searchParams.delete('_rsc'); // the client router's cache key, not part of the address
  headers.set(REQUEST_PATH_HEADER, url.pathname + url.search);
}

/**
 * Every page request passes here first, for two things.
 *
 * Union personalisation (spec 1 §2): `?union=` on any route sets the visitor's union and keeps it
 * in a cookie; later requests carry the cookie. Either way the union reaches the server
 * components as one request header, so the layout (menus) and the page agree on it in the same
 * request that set it. Only a well-formed union name gets that far, from the query or the cookie
 * alike (it becomes part of cache keys); the BFF decides whether it names a union: an unknown one
 * means the site's fallback.
 *
 * Security headers (lib/securityHeaders.ts), with a nonce of this request's own. Next reads the
 * nonce from the Content-Security-Policy request header and puts it on every script it writes.
 *
 * And an address with no page is rewritten to the not-found page with status 404 before it is
 * rendered (lib/missingPage.ts), so its HTML holds the message.
 *
 * A partner's `?redirect_url=` on any page (spec 1 §7) goes to the BFF's redirect route, which
 * sends the visitor on only to a store page, or to the hotel partner for a signed-in member and
 * to sign in first for anyone else (lib/partnerRedirect.ts).
 *
 * An anonymous visitor's CMS page comes from the page cache: the request is rewritten to the
 * internal route that Next renders once per (path, union) and keeps (lib/pageCache.ts), and that
 * the CDN keeps under the rewritten address. On Netlify this proxy runs as an edge function in front
 * of the CDN's cache, and so it does in the stack (scripts/edge-function.cjs); Next then runs it
 * again on the page the cache missed, which the local edge names (lib/edgePhases.ts).
 */
export async function proxy(request: NextRequest) {
  if (edgePhase(request, siteConfig.localEdgeOrigin !== undefined) === 'function') {
    const rewritten = functionRewrite(request, isPageCachePath);
    if (rewritten) return rewritten;
  }
  const file = SITE_FILES.has(request.nextUrl.pathname);
  const chosen = file ? undefined : cleanUnion(request.nextUrl.searchParams.get('union'));
  const union = chosen ?? cleanUnion(request.cookies.get(UNION_COOKIE)?.value);
  const redirect = file ? null : partnerRedirectPath(request.nextUrl.searchParams);
  const target = redirect || file ? null : await pageTarget(request, union);

  // A page from the page cache was rendered with the cached pages' nonce, whoever asked first.
  const nonce = target?.kind === 'cached' ? CACHED_PAGE_NONCE : newNonce();
  const secure = reachedOverHttps(request);
  const security = securityHeaders(
    { pathname: request.nextUrl.pathname, secure, host: request.headers.get('host') ?? '' },
    nonce,
    siteConfig,
  );

  const headers = new Headers(request.headers);
  headers.delete(UNION_HEADER); // only this proxy may say which union a request is for
  if (union) headers.set(UNION_HEADER, union);
  forwardRequestPath(headers, request);
  headers.set('Content-Security-Policy', security['Content-Security-Policy']);
  let response: NextResponse;
  if (redirect) {
    // On the request's own origin, which Next turns into a relative Location: the browser stays
    // on the host it asked for.
    response = NextResponse.redirect(new URL(redirect, request.nextUrl), 302);
  } else if (target?.kind === 'missing') {
    response = NextResponse.rewrite(new URL(NOT_FOUND_ROUTE, request.url), { request: { headers }, status: 404 });
  } else if (target?.kind === 'cached') {
    response = NextResponse.rewrite(target.url, { request: { headers } });
    // The address is shared by members and by every union's visitors: only the caches that key by
    // the rewritten address (Next's, the CDN's) may keep the page; never the browser's.
    response.headers.set('Cache-Control', PERSONAL_CACHE_CONTROL);
  } else {
    response = NextResponse.next({ request: { headers } });
  }
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  if (chosen) {
    response.cookies.set(UNION_COOKIE, chosen, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: UNION_COOKIE_MAX_AGE,
    });
  }
  return response;
}

/** What Next sends for a page rendered per request, and so for a cached one too. */
const PERSONAL_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';

type PageTarget = { kind: 'missing' } | { kind: 'cached'; url: URL } | null;

/**
 * Where the page asked for is rendered: the not-found page in its place when there is none (404),
 * the page cache for an anonymous visitor (lib/pageCache.ts), or null for a render of its own.
 * The page cache's internal route is no address of the site.
 */
async function pageTarget(request: NextRequest, union: string | undefined): Promise<PageTarget> {
  if (isPageCachePath(request.nextUrl.pathname) || (await isMissingPage(request))) return { kind: 'missing' };
  const url = await cachedPageUrl(request, union);
  return url ? { kind: 'cached', url } : null;
}

export const config = {
  // Everything but the BFF's API (which the edge sends to the BFF) and Next's own assets: a page's
  // address may end in an extension too, and the site's files (SITE_FILES) get their headers.
  matcher: ['/((?!api/|_next/).*)'],
};
