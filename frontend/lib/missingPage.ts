// Deciding a 404 before Next renders, so its HTML holds the not-found page.
//
// A page that calls notFound() while Next renders it dynamically answers 404 with a bare document
// (`<html id="__next_error__">` and an empty body): the not-found page lives only in the RSC
// payload and is drawn by the browser. A crawler, a screen reader before hydration or a reader
// without JavaScript gets an empty page. So the proxy asks here first whether the BFF has a page
// for the address (the status of the document the render would fetch), and rewrites a missing one
// to the error route's 404 (which renders its message without throwing) with status 404. The
// page's own notFound() stays the rule whenever this check is skipped or cannot answer: the
// status is 404 either way, only the body needs JavaScript then.
import type { NextRequest } from 'next/server';
import { config } from './config';
import { signatureHeaders, visitorAddress } from './bff/signing';
import { traceHeaders } from './bff/traceContext';
import { BffError } from './bff/error';
import { bffHead } from './bff/transport';
import * as bffPath from './bff/urls';
import { UNION_COOKIE, cleanUnion } from './union';

/** Where a missing page is rendered: the error route, whose 404 draws the not-found message. */
export const NOT_FOUND_ROUTE = '/error/404';

/**
 * The app's own top-level routes; every other address is a CMS page (app/[...path]). Listed, not
 * inferred, because the proxy cannot see the router; test/missingPage.test.ts fails when a route
 * folder is missing here, since an unlisted route would be asked of the BFF as a page.
 */
export const APP_ROUTES = new Set([
  'account',
  'api',
  'blog',
  'embed',
  'error',
  'form',
  'job-loss-grant',
  'loading',
  'login',
  'plusmore',
  'plusmore-email',
  'preview',
  'reset',
  'search',
  'store',
  'test',
  'visitor', // the page cache's internal route (lib/pageCache.ts)
]);

/**
 * The files the site serves at its root, each with an extension: Next's metadata routes in app/
 * (robots.ts, sitemap.ts, icon.svg) and public/. They are no pages: the proxy gives them their
 * security headers and nothing else. Every other address, one ending in an extension included
 * (/login/partner/x.json), is a page's: it gets the page's headers, and the not-found page when
 * there is none.
 */
export const SITE_FILES = new Set(['/robots.txt', '/sitemap.xml', '/icon.svg', '/chatbot-dev.js']);

/** The cookie Next sets while draft mode is on (draftMode().enable()). */
export const DRAFT_MODE_COOKIE = '__prerender_bypass';

/** The statuses of the BFF that mean 'no page of ours' (as getPage in lib/bff/server.ts). */
const NOT_OURS = new Set([400, 404, 414, 431]);

/**
 * Addresses the BFF said exist, for anonymous readers, per union, and what each is: a document
 * seen again within this time costs no second BFF call (its render makes the one it needs). Only
 * found answers are kept: a missing page costs one call here and none in its render, so there is
 * nothing to save; and a page published a moment ago must not stay missing. Should a kept page be
 * unpublished meanwhile, its render still answers 404 (without the server-rendered body) until the
 * entry lapses.
 */
const FOUND_TTL_MS = 60_000;
const FOUND_MAX = 5_000;
const found = new Map<string, { until: number; answer: Found }>();

/**
 * What the BFF has at an address for an anonymous reader: a page open to visitors (a blog list or
 * post too), or another document that the page cache must not keep (a redirect document that
 * sends the reader on, a members-only page's gate); and the union it read the document for
 * (Reader-Union: the one the reader chose when the BFF knows it, undefined for the site's
 * fallback; a blog document, which is the same for every union, says none).
 */
export interface Found {
  kind: 'page' | 'other';
  union: string | undefined;
}

function remembered(key: string, now: number): Found | undefined {
  const entry = found.get(key);
  if (entry === undefined) return undefined;
  if (entry.until > now) return entry.answer;
  found.delete(key);
  return undefined;
}

function remember(key: string, answer: Found, now: number) {
  found.delete(key);
  found.set(key, { until: now + FOUND_TTL_MS, answer });
  // A Map keeps insertion order: the first key is the oldest.
  while (found.size > FOUND_MAX) found.delete(found.keys().next().value as string);
}

/** Forgets every remembered page (tests). */
export function forgetFoundPages() {
  found.clear();
}

/** The BFF document that says whether this address is a page, or null when it is not ours to ask. */
export function documentFor(request: NextRequest): string | null {
  const { pathname, searchParams } = request.nextUrl;
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null; // a malformed escape: Next answers it itself
  }
  const [first, ...rest] = segments;
  if (first === undefined) return null; // the home page
  if (first === 'blog') {
    if (rest.length === 1) {
      const filters = { date: searchParams.get('date') ?? undefined, topic: searchParams.get('topic') ?? undefined };
      return bffPath.blogList(rest[0], filters);
    }
    if (rest.length === 2) return bffPath.blogPost(rest[0], rest[1]);
    return null;
  }
  if (APP_ROUTES.has(first)) return null;
  // ?redirect_benefit= sends the reader to a benefit wherever the address points (spec 1 §7).
  if (searchParams.has('redirect_benefit')) return null;
  return bffPath.page('/' + segments.join('/'), cleanUnion(searchParams.get('union')) ?? cleanUnion(request.cookies.get(UNION_COOKIE)?.value));
}

/**
 * Whether this request is for an address with no page, decided before rendering. Only a first
 * load of a document by an anonymous reader is asked about: a client-side navigation (an RSC
 * request) is drawn by the browser anyway, and a member's page is shaped by their session (they
 * keep the page's own 404). Any failure to ask means 'render as usual'.
 */
export async function isMissingPage(request: NextRequest): Promise<boolean> {
  const { pathname } = request.nextUrl;
  if (/^\/error\/.*404/.test(pathname)) return true; // the error route's 404 (spec 1 §2)
  // The test route exists only in development and test (spec 1 §1): a plain 404 elsewhere, for
  // everyone, members included.
  if (!config.testRoute && (pathname === '/test' || pathname.startsWith('/test/'))) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // Only a document load: the browser marks its own requests (Sec-Fetch-Dest), and its
  // client-side navigations and prefetches are fetches, not documents. (Next strips its RSC
  // headers and _rsc parameter before the proxy sees a request, so they cannot tell.) A prefetch
  // rewritten to the not-found route never completed. A client without the header (a crawler) is
  // asked about.
  const dest = request.headers.get('sec-fetch-dest');
  if (dest && dest !== 'document') return false;
  if (request.cookies.has('session') || request.cookies.has('__Host-session')) return false;
  // An editor in draft mode (Next's own cookie, lib/preview.ts) may be previewing a page that is
  // not published yet: the render decides, from the draft.
  if (request.cookies.has(DRAFT_MODE_COOKIE)) return false;
  const document = documentFor(request);
  if (!document) return false;
  return (await askBff(document, request)) === 'missing';
}

/**
 * What the BFF has at this document for an anonymous reader, asked by a HEAD (the render alone
 * fetches the document): its status says whether there is one, and a page document's Page-Kind
 * header what it is ('page', 'redirect' or 'gated'). Answers what was found (Found), nothing
 * ('missing'), or 'unknown' when it could not say. A found answer is remembered for a
 * while (see FOUND_TTL_MS), so asking again about a page read often costs nothing.
 */
export async function askBff(document: string, request: NextRequest): Promise<Found | 'missing' | 'unknown'> {
  const now = Date.now();
  const known = remembered(document, now);
  if (known) return known;
  try {
    const headers = await bffHead(`${config.bffUrl}${document}`, askingAs(request));
    // A blog list or post has no kind: it is open to everyone.
    const kind = headers.get('page-kind') ?? 'page';
    const answer: Found = { kind: kind === 'page' ? 'page' : 'other', union: headers.get('reader-union') || undefined };
    remember(document, answer, now);
    return answer;
  } catch (error) {
    return unanswered(error);
  }
}

/** How the proxy asks the BFF about a document for this request's visitor. */
function askingAs(request: NextRequest) {
  return {
    cache: 'no-store' as const,
    // Signed, or the BFF refuses it; and for this visitor, as the page's own call: the BFF
    // charges what it loads for a visitor to the address the edge gave us
    // (x-nf-client-connection-ip), believed only beside our signature. X-Forwarded-For is not
    // passed on: anyone can write it, and the BFF no longer reads it.
    headers: { ...visitorAddress(request.headers), ...signatureHeaders(), ...traceHeaders() },
    signal: AbortSignal.timeout(config.bffTimeoutMs),
  };
}

/** What a failed question says: nothing of ours there, or (unreachable, failing) nothing at all. */
function unanswered(error: unknown): 'missing' | 'unknown' {
  return error instanceof BffError && NOT_OURS.has(error.status) ? 'missing' : 'unknown';
}
