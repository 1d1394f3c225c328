// The browser's calls to the BFF: the session, sign-in and sign-up, password and email, profile,
// favorites, the mailing list, grant cases and their documents, the store's order history,
// shipping state, cart and checkout, and the Load More of the blog and search. They go to this
// site's own /api/v1, which the edge in front of Next (Netlify's CDN; the stack's edge offline)
// forwards to the BFF, signed, so the session cookie stays first-party and HttpOnly; this module
// must not import the server config. What every page draws reaches these calls through
// queries.ts's `browserCalls`, which loads this module when the first call is made: no page's first
// scripts carry it unless the page calls the BFF as it renders. TanStack Query's keys are there too.
import { bffFetch, type BffRequest } from './transport';
import type {
  AuthResult,
  BlogFilters,
  Cart,
  Checkout,
  BlogListDocument,
  CaseFileList,
  CaseList,
  CaseSubmission,
  CaseSubmitted,
  ChangeEmailRequest,
  ConnectedSite,
  ConnectedSites,
  EmailActionRequest,
  EmailActionResult,
  ChangePasswordRequest,
  Favorites,
  FilesSubmission,
  HotelLocationList,
  InterestsUpdate,
  LivestreamAccess,
  LivestreamAccessRequest,
  WebVitalsReport,
  Message,
  OrderHistory,
  PartnerDocument,
  PartnerToken,
  PlacedOrder,
  ProfileDocument,
  ProfileUpdate,
  RegisterRequest,
  ResetPasswordRequest,
  SearchDocument,
  SearchType,
  Session,
  SignInRequest,
  StoreStateChosen,
  SubscribeRequest,
  UploadedFile,
} from './types';
import type { BffUploadOptions } from './upload';
import * as bffPath from './urls';

/** Account answers are personal and change with every write: never from the browser's cache. */
const personal = <T>(method: BffRequest['method'], path: string, body?: unknown) =>
  bffFetch<T>(path, { method, body, cache: 'no-store' });

export const accountApi = {
  session: () => personal<Session>('GET', bffPath.session()),
  signIn: (body: SignInRequest) => personal<AuthResult>('POST', bffPath.session(), body),
  signOut: () => personal<Message>('DELETE', bffPath.session()),
  register: (body: RegisterRequest) => personal<AuthResult>('POST', bffPath.accounts(), body),
  /** `returnTo`, a path of the site, is where the emailed link's page offers to go back to. */
  sendVerification: (returnTo?: string) =>
    personal<Message>('POST', bffPath.sessionVerification(), returnTo ? { url: returnTo } : undefined),
  changePassword: (body: ChangePasswordRequest) => personal<AuthResult>('PUT', bffPath.sessionPassword(), body),
  changeEmail: (body: ChangeEmailRequest) => personal<AuthResult>('PUT', bffPath.sessionEmail(), body),
  forgotPassword: (email: string) => personal<Message>('POST', bffPath.passwordForgot(), { email }),
  resetPassword: (body: ResetPasswordRequest) => personal<AuthResult>('POST', bffPath.passwordReset(), body),
  /** Follows an emailed verification or email-recovery link (/reset with another mode). */
  applyEmailAction: (body: EmailActionRequest) => personal<EmailActionResult>('POST', bffPath.emailAction(), body),
  saveProfile: (body: ProfileUpdate) => personal<ProfileDocument>('PUT', bffPath.profile(), body),
  saveInterests: (body: InterestsUpdate) => personal<ProfileDocument>('PUT', bffPath.profileInterests(), body),
  addFavorite: (id: string) => personal<Favorites>('PUT', bffPath.favorite(id)),
  removeFavorite: (id: string) => personal<Favorites>('DELETE', bffPath.favorite(id)),
  /** Joins the mailing list (every sign-up form); the session's emailSubscribed follows. */
  subscribe: (body: SubscribeRequest) => personal<Message>('POST', bffPath.mailingList(), body),
};

/** Grant applications (spec 2): submit a case, read the member's cases. */
export const grantsApi = {
  submitCase: (formId: string, body: CaseSubmission) => personal<CaseSubmitted>('POST', bffPath.formCases(formId), body),
  cases: () => personal<CaseList>('GET', bffPath.cases()),
};

/**
 * A case's documents (spec 2 §4-5, contracts/uploads.json): read them, upload one, submit uploaded
 * ones, and the uploads of the case this browser left unfinished. The upload code (upload.ts, with
 * the uploads contract) is loaded by the first call that needs it: every page imports this module,
 * few upload.
 */
export const uploadsApi = {
  files: (caseId: string) => personal<CaseFileList>('GET', bffPath.caseFiles(caseId)),
  submit: (caseId: string, body: FilesSubmission) => personal<CaseFileList>('POST', bffPath.caseFiles(caseId), body),
  /**
   * A tus upload (upload.ts): its name and type travel as its metadata; progress, waiting for a
   * connection and Cancel through `options`. The same file chosen again for the case, after a
   * reload too, goes on from what the server has.
   */
  upload: async (caseId: string, file: File, options?: BffUploadOptions) =>
    (await import('./upload')).bffUpload<UploadedFile>(bffPath.caseUploads(caseId), file, caseId, options),
  /** What choosing the same file again would go on with (a hint for the member, not a list of the server's). */
  unfinished: async (caseId: string) => (await import('./upload')).unfinishedUploads(caseId),
};

/**
 * The free-materials store (spec 3): a page of the member's orders, the shipping state's choice,
 * and placing the order.
 */
export const storeApi = {
  orders: (page: number, signal?: AbortSignal) =>
    bffFetch<OrderHistory>(bffPath.orders(page), { cache: 'no-store', signal }),
  /** Keeps the state (its title) in the BFF's up_store_state cookie. */
  chooseState: (state: string) => personal<StoreStateChosen>('POST', bffPath.storeState(), { state }),
  /**
   * Places the member's order from their cart on the BFF. `key` names this attempt: sent again
   * after a failure, the BFF answers the order it already placed rather than placing another.
   */
  placeOrder: (body: Checkout, key: string) =>
    bffFetch<PlacedOrder>(bffPath.storeOrders(), {
      method: 'POST',
      body,
      cache: 'no-store',
      headers: { 'Idempotency-Key': key },
    }),
};

/** The cart (spec 3 §2 'Cart modal', §4 'Cart'): read it; set one line's absolute quantity. */
export const cartApi = {
  get: (signal?: AbortSignal) => bffFetch<Cart>(bffPath.cart(), { cache: 'no-store', signal }),
  /** Below 1 removes the line; the answer is the whole cart after the change. */
  setQuantity: (id: string, quantity: number) => personal<Cart>('PUT', bffPath.cartItem(id), { quantity }),
};

/** Partner sign-in (spec 1 §2, §4): the popup's document, consent, the token, the connected sites. */
export const partnersApi = {
  document: (id: string) => personal<PartnerDocument>('GET', bffPath.partner(id)),
  connect: (id: string) => personal<ConnectedSite>('PUT', bffPath.partnerConnection(id)),
  disconnect: (id: string) => personal<ConnectedSites>('DELETE', bffPath.partnerConnection(id)),
  /** `origin` is where the popup was opened from, as far as it can tell; the BFF records it. */
  token: (id: string, origin?: string) => personal<PartnerToken>('POST', bffPath.partnerToken(id), { origin }),
  sites: () => personal<ConnectedSites>('GET', bffPath.partners()),
};

/** The hotel search box (spec 3 §7): location suggestions, the same for everyone. */
export const hotelsApi = {
  locations: (q: string, signal?: AbortSignal) => bffFetch<HotelLocationList>(bffPath.hotelLocations(q), { signal }),
};

/** A further page of a blog list, from `offset`. */
export function fetchBlogPage(category: string, filters: BlogFilters, offset: number, signal?: AbortSignal) {
  return bffFetch<BlogListDocument>(bffPath.blogList(category, { ...filters, offset }), { signal });
}

/** A further page of a search. */
export function fetchSearchPage(q: string, type: SearchType, page: number, signal?: AbortSignal) {
  return bffFetch<SearchDocument>(bffPath.search(q, type, page), { signal });
}

/** The livestream chat (spec 3 §5, §7): the access form writes the comment-access record. */
export const livestreamApi = {
  enter: (slug: string, body: LivestreamAccessRequest) =>
    personal<LivestreamAccess>('POST', bffPath.livestreamAccess(slug), body),
};

/**
 * A page view's Web Vitals (lib/webVitals.ts), as a beacon: the browser delivers it after the page
 * is gone, and nobody waits on an answer. The JSON goes as a string, so as text/plain: the one
 * type a beacon may carry without a preflight. False when the browser would not queue it.
 */
export function sendVitals(report: WebVitalsReport, beacon: (url: string, body: string) => boolean = (u, b) => navigator.sendBeacon(u, b)): boolean {
  return beacon(bffPath.vitals(), JSON.stringify(report));
}
