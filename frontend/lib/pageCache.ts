// The page cache: an anonymous visitor's content page is the same for everyone of their union, so
// Next renders it once per (path, union) and the CDN serves it until the CMS changes.
//
// Where it is kept, in production: the proxy runs on Netlify as an edge function in front of the
// CDN's cache, and its rewrite to the internal route below is the CDN's cache key (Netlify's
// Next.js runtime sends the rewritten address on through the cache). Next's answer for that route
// (a page it keeps: `x-nextjs-cache`, `s-maxage`) becomes the CDN's Netlify-CDN-Cache-Control, and
// the page's cache tags its Netlify-Cache-Tag, so a visitor's next load of the page never reaches
// a function, and revalidateTag(PAGES_TAG) purges it from Next's store and the CDN alike. The
// local stack does the same: the proxy as an edge function (scripts/edge-function.cjs) in front of
// the edge's cache (bff/internal/dev/edge, lib/edgePhases.ts).
//
// The proxy (proxy.ts) decides per request. A request qualifies only when nothing in it can make
// the page personal or mark it: a browser's GET of a CMS page (home or app/(site)/[...path]) that
// the BFF has as a page open to visitors (not a redirect, not a gate), with no query and no
// cookie but the union's. It is then rewritten to the
// internal route app/visitor/[union]/[[...path]], which is rendered with `force-static`: cookies()
// and headers() read as empty there, so even a component that asked for the session would get
// none. Everything
// else (members, drafts, carts, subscribers, the app's own routes) renders per request in
// app/(site), as before. The browser keeps the address it asked for; the internal path never
// shows (usePathname reads through it: lib/useSitePathname.ts).
//
// Freshness: the route's fetches carry PAGES_TAG, which /api/revalidate expires on every CMS
// publish (the next request renders afresh, so an edit shows at once), with a five-minute
// revalidation as the safety net should a webhook be lost.
import { createHash } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { config } from './config';
import { APP_ROUTES, askBff, documentFor } from './missingPage';
import { NO_UNION, cachedPagePath } from './pageCacheRoute';
import { UNION_COOKIE, cleanUnion } from './union';
import * as bffPath from './bff/urls';

/**
 * The nonce of every cached page's scripts. A per-request nonce cannot be written into HTML that
 * is rendered once and served to everyone, so cached pages share one nonce, stable across the
 * deployment's instances (derived from its revalidate secret) so a page rendered by one instance
 * runs under the header of another. It is no secret (every cached page shows it), and needs not
 * be: those pages hold nothing of the request (no query, no cookie, no session) that an attacker
 * could inject through, and CMS HTML is sanitised by the BFF with script elements removed. What the
 * policy still refuses there is what a nonce-less 'unsafe-inline' would allow: inline event
 * handlers, javascript: URLs, and scripts without the nonce. Pages rendered per request keep a
 * fresh nonce each.
 */
export const CACHED_PAGE_NONCE = createHash('sha256')
  .update(`page-cache-nonce:${config.revalidateSecret ?? ''}`)
  .digest('base64')
  .slice(0, 24);

/** The one cookie a cached page may be served with: the union, which is part of its key. */
const NEUTRAL_COOKIES = new Set([UNION_COOKIE]);

/** A site path's segments, or null for an address Next answers itself (a malformed escape). */
function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * The internal address that serves this request from the page cache, or null when it must render
 * per request. `union` is the one the proxy resolved (query or cookie). A page is sent there only
 * once the BFF has said it exists (remembered for a minute): an address nobody published renders
 * per request and is never cached, so made-up addresses cannot fill the cache.
 */
export async function cachedPageUrl(request: NextRequest, union: string | undefined): Promise<URL | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  for (const { name } of request.cookies.getAll()) if (!NEUTRAL_COOKIES.has(name)) return null;
  // Only a browser's page load with no query at all. Next writes the address a render was asked
  // for into the page (the client router's record of it, which the browser then takes as its
  // own address), so a page rendered for ?utm_source=, for ?union= or for a client-side
  // navigation's ?_rsc= would carry that address to everyone served it after. A ?union= visit
  // renders per request and keeps the union in its cookie; the next page comes from the cache.
  // Client-side navigations (fetches, not documents) render per request too.
  if (request.nextUrl.search !== '' || request.headers.get('sec-fetch-dest') !== 'document') return null;
  const { pathname } = request.nextUrl;
  const segments = segmentsOf(pathname);
  if (!segments) return null;
  const [first] = segments;
  if (first !== undefined && APP_ROUTES.has(first)) return null; // the app's own routes, the internal one included
  if (first !== undefined) {
    const document = documentFor(request);
    // A redirect is answered per request: Next's first static render of one doubles its Location.
    // A members-only page's gate too: signing in through it must land on the page rendered for
    // the member with the sign-in's message, which the move between layouts lost
    // (returnAfterSignIn.spec).
    const found = document ? await askBff(document, request) : null;
    if (typeof found !== 'object' || found?.kind !== 'page') return null;
  }
  // The page is kept under the union the BFF reads the visitor's as, never the one the request
  // says: a made-up union (anyone may set the cookie) is the site's fallback, and must not make a
  // page of its own, or random values would push real pages out of the cache. The home page's
  // document says it for every page, blog ones included (remembered a minute, like any found).
  const home = await askBff(bffPath.page('/', union), request);
  if (typeof home !== 'object') return null;
  const url = request.nextUrl.clone();
  url.pathname = cachedPagePath(segments, home.union);
  return url;
}

/** The union of a cached page's route segment, as the BFF should be asked for it. */
export function unionOfSegment(segment: string): string | undefined {
  return segment === NO_UNION ? undefined : cleanUnion(segment);
}
