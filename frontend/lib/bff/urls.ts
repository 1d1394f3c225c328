// Every address of the BFF's API, written once. The server prefixes them with the BFF's base URL;
// the browser uses them as they are, on this site's own /api/v1, which the edge in front of Next
// (Netlify's CDN; the stack's edge offline) forwards to the BFF. Each is its own export, read as
// `import * as bffPath`: the bundler drops from the browser's scripts those only the server uses,
// which it cannot do for the members of one object.
import type { operations } from './schema';
import type { BlogFilters, SearchType } from './types';

/** A query string of the given parameters (with its '?'), leaving out those without a value. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') q.set(key, String(value));
  const s = q.toString();
  return s ? `?${s}` : '';
}

const API = '/api/v1';
const segment = encodeURIComponent;

/** The page at a site path for a union; `redirectBenefit` asks for a benefit instead (spec 1 §7). */
export const page = (path: string, union?: string, redirectBenefit?: string) =>
  `${API}/page${queryString({ path, union, redirect_benefit: redirectBenefit })}`;
/** An editor's preview of a draft; the link itself goes in the X-Preview-Token header. */
export const previewPage = (union?: string) => `${API}/preview/page${queryString({ union })}`;
export const site = (union?: string) => `${API}/site${queryString({ union })}`;
export const sitemap = () => `${API}/sitemap`;
/** The eligibility tables for the reader's union (a member's own; a visitor's chosen one). */
export const eligibility = (union?: string) => `${API}/eligibility${queryString({ union })}`;

/** A blog list; offset 0 is the first page, and is left out. */
export const blogList = (category: string, filters: BlogFilters & { offset?: number }) =>
  `${API}/blog/${segment(category)}${queryString({ offset: filters.offset || undefined, date: filters.date, topic: filters.topic })}`;
export const blogPost = (category: string, id: string) => `${API}/blog/${segment(category)}/${segment(id)}`;
/** A page of search results; page 0 is the first, and is left out. */
export const search = (q: string, type: SearchType, page = 0) => `${API}/search${queryString({ q, type, page: page || undefined })}`;

export const session = () => `${API}/session`;
export const sessionVerification = () => `${API}/session/verification`;
export const sessionPassword = () => `${API}/session/password`;
export const sessionEmail = () => `${API}/session/email`;
export const accounts = () => `${API}/accounts`;
export const passwordForgot = () => `${API}/password/forgot`;
export const mailingList = () => `${API}/mailing-list`;
export const passwordReset = () => `${API}/password/reset`;
export const emailAction = () => `${API}/email/action`;
export const profile = () => `${API}/profile`;
export const profileInterests = () => `${API}/profile/interests`;
export const favorites = () => `${API}/favorites`;
export const favorite = (id: string) => `${API}/favorites/${segment(id)}`;
export const myBenefits = () => `${API}/account/benefits`;

/** A grant form (spec 2 §2), by its catalogue id. */
export const form = (id: string) => `${API}/forms/${segment(id)}`;
/** Where a form's case is submitted. */
export const formCases = (id: string) => `${API}/forms/${segment(id)}/cases`;
/** My Forms: the member's cases, newest first. */
export const cases = () => `${API}/cases`;
/** Where a tus upload of one document of a case is created (its name travels in the Upload-Metadata). */
export const caseUploads = (caseId: string) => `${API}/cases/${segment(caseId)}/uploads`;
/** A case's documents: read them, or submit uploaded ones to the case. */
export const caseFiles = (caseId: string) => `${API}/cases/${segment(caseId)}/files`;
/** My Orders: a page of the member's store orders, newest first; page 1 is the first, and is left out. */
export const orders = (page = 1) => `${API}/orders${queryString({ page: page > 1 ? page : undefined })}`;
/** The store index for the reader's union; the shipping state travels in its cookie. */
export const store = (union?: string) => `${API}/store${queryString({ union })}`;
/** Where the shipping state is chosen (the BFF keeps it in its cookie). */
export const storeState = () => `${API}/store/state`;
/** Entering a livestream's chat: writes the comment-access record (spec 3 §7). */
export const livestreamAccess = (slug: string) => `${API}/livestreams/${encodeURIComponent(slug)}/access`;
/** The reader's cart: a member's own, a visitor's by the BFF's up_cart cookie. */
export const cart = () => `${API}/cart`;
/** One line of the cart, by product id; a PUT sets its absolute quantity. */
export const cartItem = (id: string) => `${API}/cart/items/${segment(id)}`;
/** Where the member's order is placed (the items are the BFF's cart, never the request's). */
export const storeOrders = () => `${API}/store/orders`;
/** The public job loss pre-check wizard's settings (spec 2 §2). */
export const jobLossPrecheck = () => `${API}/precheck/job-loss`;

/** A page view's Web Vitals (issue 40), sent as a beacon. */
export const vitals = () => `${API}/vitals`;
/** The hotel search's location suggestions for what the reader typed (spec 3 §7). */
export const hotelLocations = (q: string) => `${API}/hotels/locations${queryString({ q })}`;
/** The hotel search's results link: the BFF sends the browser on to the partner's listings page. */
export const hotelResults = (params: operations['goToHotelResults']['parameters']['query']) =>
  `${API}/hotels/results${queryString(params)}`;
/** The external partner redirect (spec 1 §7): the BFF decides where a redirect_url may go. */
export const hotelRedirect = (redirectUrl: string) => `${API}/hotels/redirect${queryString({ redirect_url: redirectUrl })}`;

/** The member's connected partner sites. */
export const partners = () => `${API}/partners`;
/** What the partner popup shows for a partner (and the reader). */
export const partner = (id: string) => `${API}/partners/${segment(id)}`;
/** The member's consent to a partner: PUT allows it, DELETE disconnects it. */
export const partnerConnection = (id: string) => `${API}/partners/${segment(id)}/connection`;
/** A sign-in token for a partner. */
export const partnerToken = (id: string) => `${API}/partners/${segment(id)}/token`;
