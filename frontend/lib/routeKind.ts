// What a page is, from its path, for the figures the browser reports (Web Vitals, lib/webVitals.ts)
// and anything else that must group pages without naming one: a small fixed set, never the path
// itself, which may hold a member's uid, a search or anything a visitor typed. The BFF takes only
// these names (bff/internal/vitals: RouteKinds), so a change here is a change there too.

export const ROUTE_KINDS = [
  'home',
  'benefit',
  'blog',
  'store',
  'checkout',
  'account',
  'form',
  'search',
  'login',
  'livestream',
  'union',
  'page',
] as const;

export type RouteKind = (typeof ROUTE_KINDS)[number];

/** The first segment of a path and the kind of every page under it. */
const BY_SECTION: Readonly<Record<string, RouteKind>> = {
  benefits: 'benefit',
  blog: 'blog',
  store: 'store',
  account: 'account',
  form: 'form',
  'job-loss-grant': 'form',
  search: 'search',
  login: 'login',
  reset: 'login',
  plusmore: 'login',
  'plusmore-email': 'login',
  livestream: 'livestream',
  'union-member-benefits': 'union',
  'union-member-eligibility': 'union',
};

/**
 * The kind of the page at `pathname` (without its query): 'home' for the home page, the section's
 * kind for a path the app routes itself or a CMS section it knows, and 'page' for every other CMS
 * page (categories, landing and information pages).
 */
export function routeKind(pathname: string): RouteKind {
  const segments = pathname.split(/[?#]/)[0].split('/').filter(Boolean);
  if (segments.length === 0) return 'home';
  if (segments[0] === 'store' && segments[1] === 'checkout') return 'checkout';
  return BY_SECTION[segments[0].toLowerCase()] ?? 'page';
}
