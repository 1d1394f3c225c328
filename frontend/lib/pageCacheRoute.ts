// The internal route of the page cache (lib/pageCache.ts) and its cache settings, shared by the
// proxy that rewrites to it, the route and its reads, and the browser code that must read through
// it (useSitePathname). No imports: every side loads it.

/** The internal route's first segment: app/visitor. Outside requests never reach it (proxy.ts). */
export const PAGE_CACHE_PREFIX = '/visitor';

/** The union segment of a visitor who chose none (the site's fallback); no union can be '-'. */
export const NO_UNION = '-';

/** The tag of every cached page's fetches: any publish may change any page (menus, lists). */
export const PAGES_TAG = 'pages';

/** How long a cached page lives without a publish, as the chrome does (lib/bff/server.ts). */
export const PAGE_REVALIDATE_SECONDS = 300;

/** The internal path of a site page for a union: /visitor/{union or '-'}/{segments}. */
export function cachedPagePath(segments: string[], union: string | undefined): string {
  return [PAGE_CACHE_PREFIX, encodeURIComponent(union ?? NO_UNION), ...segments.map(encodeURIComponent)].join('/');
}

/** Whether an address is the internal route itself. */
export function isPageCachePath(pathname: string): boolean {
  return pathname === PAGE_CACHE_PREFIX || pathname.startsWith(`${PAGE_CACHE_PREFIX}/`);
}

/**
 * The site address of a path, reading through the internal route: /visitor/37/benefits/x is
 * /benefits/x, and any other path is itself. A cached page is rendered at its internal path but
 * shown at the address the browser asked for, so what the server draws from the path must use
 * this to match what the browser then draws.
 */
export function sitePathOf(pathname: string): string {
  if (!isPageCachePath(pathname)) return pathname;
  const rest = pathname.split('/').slice(3).join('/');
  return '/' + rest;
}
