// The server components' calls to the BFF. They go straight to the BFF's address from config and
// carry the browser's session cookie, which only the BFF can read (HttpOnly), so pages are shaped
// for the signed-in member. Anything personal is never kept in Next's data cache.
import 'server-only';
import { cookies, headers } from 'next/headers';
import { notFound, unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import { config } from '../config';
import { signatureHeaders, visitorAddress } from './signing';
import { traceHeaders } from './traceContext';
import { BffError } from './error';
import { bffFetch, type BffRequest } from './transport';
import type {
  BenefitGroups,
  BlogListDocument,
  BlogPostDocument,
  CaseList,
  ConnectedSites,
  EligibilityDocument,
  Favorites,
  FormDocument,
  JobLossPrecheck,
  Cart,
  OrderHistory,
  PageResult,
  PartnerDocument,
  ProfileDocument,
  SearchDocument,
  SearchType,
  Session,
  SiteChrome,
  Sitemap,
  StoreDocument,
} from './types';
import * as bffPath from './urls';
import { PAGES_TAG, PAGE_REVALIDATE_SECONDS } from '../pageCacheRoute';

/** Cache tag of the site chrome; the BFF asks /api/revalidate to expire it when menus change. */
export const SITE_TAG = 'site';
/** The BFF already caches page documents; ours is a short safety net for the chrome only. */
const SITE_REVALIDATE_SECONDS = 300;
const SITE_CACHE: BffRequest = { next: { revalidate: SITE_REVALIDATE_SECONDS, tags: [SITE_TAG] } };

/** The BFF's session cookie (set and cleared only by the BFF, on the browser's calls through the edge). */
const SESSION_COOKIE = 'session';
/** The shipping state's cookie (spec 3 §7), also the BFF's: the store index reads it. */
const STORE_STATE_COOKIE = 'up_store_state';
/** A visitor's cart (the BFF's): the cart is read for whoever the two cookies name. */
const CART_COOKIE = 'up_cart';
/** A visitor's mailing-list subscription (the BFF's): the session says emailSubscribed from it. */
const SUBSCRIBED_COOKIE = 'union_benefits_subscribed';

/**
 * Every server-side read goes through here, each with its own deadline (config.bffTimeoutMs, set
 * above the BFF's own): a BFF that never answers fails the render as an unreachable one does,
 * rather than holding the request open for as long as the socket lives. Each is signed
 * (lib/bff/signing.ts): the BFF refuses any call without the proof that it comes from us. Next
 * keys its data cache by a fetch's headers, the signature among them, and the token changes every
 * minute: a read kept in the data cache serves for that minute at most, and the next minute's
 * first call fetches it afresh under the new token (its tags and revalidate still apply).
 *
 * A read made for this visitor alone (no-store) also names the visitor's address, as the edge
 * gave it to us in x-nf-client-connection-ip: the BFF charges the content it must load for them
 * to their address (its per-visitor miss budget), as it does for the browser's own calls through
 * the edge, and believes the address only beside our signature. (X-Forwarded-For is not passed
 * on: anyone can write it, and the BFF no longer reads it.) A read kept in Next's data cache is
 * made for every visitor at once, so it goes without: the header would split the cache per
 * visitor and charge one visitor for everyone.
 */
async function get<T>(path: string, request: BffRequest): Promise<T> {
  const forVisitor = request.cache === 'no-store' ? visitorAddress(await headers()) : {};
  return bffFetch<T>(`${config.bffUrl}${path}`, {
    ...request,
    // The trace Next is rendering in goes on (lib/bff/traceContext.ts): the BFF's span is its child.
    headers: { ...forVisitor, ...request.headers, ...signatureHeaders(), ...traceHeaders() },
    signal: AbortSignal.timeout(config.bffTimeoutMs),
  });
}

/** The characters a cookie value may hold as it is (RFC 6265 cookie-octet). */
const COOKIE_OCTETS = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;

/**
 * The Cookie header that carries the named cookies of the browser to the BFF; empty when it has
 * none of them. Next hands values URL-decoded: one that needs it ('New York') goes on encoded again,
 * as the BFF set it; any other (a session token) as it is. Outside localhost the BFF names its
 * cookies with the `__Host-` prefix; both spellings go on, and the BFF believes only the one it
 * sets.
 */
async function forwardedCookies(...names: string[]): Promise<Record<string, string>> {
  const jar = await cookies();
  const pairs = names.flatMap((plain) => [plain, `__Host-${plain}`]).flatMap((name) => {
    const value = jar.get(name)?.value;
    if (!value) return [];
    return [`${name}=${COOKIE_OCTETS.test(value) ? value : encodeURIComponent(value)}`];
  });
  return pairs.length > 0 ? { Cookie: pairs.join('; ') } : {};
}

/** The Cookie header that carries the visitor's session to the BFF; empty for an anonymous one. */
const sessionHeaders = () => forwardedCookies(SESSION_COOKIE);

/** A document shaped for this visitor: never cached, since it may be personal. */
async function getPersonal<T>(path: string): Promise<T> {
  return get<T>(path, { cache: 'no-store', headers: await sessionHeaders() });
}

/** Rethrows anything but the given statuses, which become Next's not-found page. */
function notFoundOn(error: unknown, ...statuses: number[]): never {
  if (error instanceof BffError && statuses.includes(error.status)) notFound();
  throw error;
}

/**
 * The page document for a site path and the visitor's union, or a redirect document when the
 * path lives elsewhere for them. Always fresh (the BFF caches and purges it), and memoised per
 * request so generateMetadata and the page share one call. A 404 becomes Next's not-found page,
 * and so does a path the BFF refuses to look up (400: characters or a length no page has; 414 and
 * 431: an address too long to send on): a mistyped or hostile address is not a server error.
 * Anything else throws to the route's error boundary.
 */
export const getPage = cache(async (path: string, union?: string, redirectBenefit?: string): Promise<PageResult> => {
  try {
    return await getPersonal<PageResult>(bffPath.page(path, union, redirectBenefit));
  } catch (error) {
    notFoundOn(error, 404, 400, 414, 431);
  }
});

/**
 * An editor's preview of the draft a preview link names (its query string, `token`), for the
 * visitor's union. The BFF checks the link on every call; the draft is never kept in Next's data
 * cache. A refused link throws its BffError (403, one field error naming why).
 */
export const getPreviewPage = cache(async (token: string, union?: string): Promise<PageResult> => {
  const headers = { ...(await sessionHeaders()), 'X-Preview-Token': token };
  return get<PageResult>(bffPath.previewPage(union), { cache: 'no-store', headers });
});

/**
 * Header and footer content. An anonymous visitor's is cached under the `site` tag, per union; a
 * member's is shaped by their session, so it is never kept in a cache that others share.
 */
export const getSite = cache(async (union?: string): Promise<SiteChrome> => {
  const headers = await sessionHeaders();
  const path = bffPath.site(union);
  if (headers.Cookie) return get<SiteChrome>(path, { cache: 'no-store', headers });
  return get<SiteChrome>(path, SITE_CACHE);
});

/**
 * The page cache's reads (lib/pageCache.ts): what an anonymous visitor of a union sees, kept in
 * Next's data cache under PAGES_TAG (expired on every CMS publish) beside the chrome's tag. No
 * cookie and no visitor address go with them: the answers are shared by every such visitor.
 */
const PAGE_CACHE: BffRequest = { next: { revalidate: PAGE_REVALIDATE_SECONDS, tags: [PAGES_TAG, SITE_TAG] } };

/** A site page as an anonymous visitor of the union sees it; not found as in getPage. */
export const getCachedPage = cache(async (path: string, union?: string): Promise<PageResult> => {
  try {
    return await get<PageResult>(bffPath.page(path, union), PAGE_CACHE);
  } catch (error) {
    notFoundOn(error, 404, 400, 414, 431);
  }
});

/** The chrome for an anonymous visitor of the union. */
export const getCachedSite = cache(async (union?: string): Promise<SiteChrome> => get<SiteChrome>(bffPath.site(union), PAGE_CACHE));

/**
 * The session of nobody signed in: whether login is on and which unions the forms offer, the
 * same for every anonymous visitor. (Their own subscription is a cookie, and a visitor with one
 * is never served a cached page.) The browser asks for the real session on start, as everywhere.
 */
export const getAnonymousSession = cache(async (): Promise<Session> => get<Session>(bffPath.session(), PAGE_CACHE));

/** The pages any visitor may see, for sitemap.xml. */
export function getSitemap(): Promise<Sitemap> {
  return get<Sitemap>(bffPath.sitemap(), SITE_CACHE);
}

/**
 * The first page of a blog list; memoised per request for generateMetadata and the page. An
 * unknown category (404) or a filter the BFF refuses (400) is not found.
 */
export const getBlogList = cache(async (category: string, date?: string, topic?: string): Promise<BlogListDocument> => {
  try {
    return await get<BlogListDocument>(bffPath.blogList(category, { date, topic }), { cache: 'no-store' });
  } catch (error) {
    notFoundOn(error, 404, 400);
  }
});

export const getBlogPost = cache(async (category: string, id: string): Promise<BlogPostDocument> => {
  try {
    return await get<BlogPostDocument>(bffPath.blogPost(category, id), { cache: 'no-store' });
  } catch (error) {
    notFoundOn(error, 404, 400);
  }
});

/** The first page of a search, or null when the BFF refuses the term (empty, too long). */
export async function getSearch(q: string, type: SearchType): Promise<SearchDocument | null> {
  try {
    return await get<SearchDocument>(bffPath.search(q, type), { cache: 'no-store' });
  } catch (error) {
    if (error instanceof BffError && error.status === 400) return null;
    throw error;
  }
}

/** The visitor's session, once per request; an anonymous visitor's needs no other BFF call. */
export const getSession = cache(async () =>
  get<Session>(bffPath.session(), { cache: 'no-store', headers: await forwardedCookies(SESSION_COOKIE, SUBSCRIBED_COOKIE) }),
);

/** The signed-in member, or null. */
export async function getMember() {
  return (await getSession()).user ?? null;
}

/**
 * The visitor's session, or null when the BFF cannot say: the layout and the pages that only
 * adapt to the visitor must still render (as for an anonymous one; the browser then asks again).
 */
export async function getSessionOrNull(): Promise<Session | null> {
  try {
    return await getSession();
  } catch (error) {
    // Next signals a dynamic render by throwing; that is not a failure to swallow.
    unstable_rethrow(error);
    console.error('session unavailable', error);
    return null;
  }
}

// The account area's documents. The uid comes from the cookie, never from the URL.

/** My Benefits: the benefits of the member's union, hardship help apart. */
export const getMyBenefits = () => getPersonal<BenefitGroups>(bffPath.myBenefits());

/** The member's profile and whether their email is verified. */
export const getProfile = () => getPersonal<ProfileDocument>(bffPath.profile());

/** The member's favorites, each resolved to a card. */
export const getFavorites = () => getPersonal<Favorites>(bffPath.favorites());

// Grant forms and cases (spec 2). Members only: call them after the member was checked.

/**
 * A grant form for the signed-in member, prefilled from their profile. A 404 is thrown on as a
 * BffError: the page tells '404 not found.' (Next's not-found page) from 'Unknown form type'.
 */
export const getForm = cache((id: string) => getPersonal<FormDocument>(bffPath.form(id)));

/** My Forms: the member's cases, newest first. */
export const getCases = () => getPersonal<CaseList>(bffPath.cases());

/** The first page of the member's order history (My Orders), newest first. */
export const getOrders = () => getPersonal<OrderHistory>(bffPath.orders());

/** The eligibility tables of the account tab, for the member's own union (spec 2 §2). */
export const getEligibility = () => getPersonal<EligibilityDocument>(bffPath.eligibility());

/**
 * The store index (spec 3 §2) for the visitor's union (a member's own) and the shipping state of
 * their cookie. Never cached here: it depends on both cookies; the BFF caches the products.
 */
export async function getStore(union?: string): Promise<StoreDocument> {
  return get<StoreDocument>(bffPath.store(union), {
    cache: 'no-store',
    headers: await forwardedCookies(SESSION_COOKIE, STORE_STATE_COOKIE),
  });
}

/**
 * The reader's cart (spec 3 §4): a member's by the session, a visitor's by the BFF's up_cart
 * cookie. The BFF answers an empty cart rather than an error when its stores fail. A reader with
 * neither cookie has no cart to read: the empty cart, without a call. Memoised per request, as the
 * layout (the header's cart link) and the store's pages both read it.
 */
export const getCart = cache(async (): Promise<Cart> => {
  const headers = await forwardedCookies(SESSION_COOKIE, CART_COOKIE);
  if (!headers.Cookie) return { items: [], count: 0 };
  return get<Cart>(bffPath.cart(), { cache: 'no-store', headers });
});

/** The reader's cart, or undefined when the BFF could not be asked: the browser then reads it. */
export async function getCartOrNothing(): Promise<Cart | undefined> {
  try {
    return await getCart();
  } catch (error) {
    // Next signals a dynamic render by throwing; that is not a failure to swallow.
    unstable_rethrow(error);
    console.error('cart unavailable', error);
    return undefined;
  }
}

/**
 * The job loss pre-check's settings (spec 2 §2): public and the same for everyone, so no session
 * goes with it; the BFF caches what it reads from the CMS.
 */
export function getJobLossPrecheck(): Promise<JobLossPrecheck> {
  return get<JobLossPrecheck>(bffPath.jobLossPrecheck(), { cache: 'no-store' });
}

/**
 * What the partner popup shows for a partner (spec 1 §2 'Partner login'), for this reader; null for
 * a partner the BFF does not know (the popup says so in the spec's words rather than a 404 page).
 */
export async function getPartner(id: string): Promise<PartnerDocument | null> {
  try {
    return await getPersonal<PartnerDocument>(bffPath.partner(id));
  } catch (error) {
    if (error instanceof BffError && error.status === 404) return null;
    throw error;
  }
}

/** The member's connected partner sites, for the account tab. */
export function getConnectedSites(): Promise<ConnectedSites> {
  return getPersonal<ConnectedSites>(bffPath.partners());
}
