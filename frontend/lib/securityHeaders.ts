// The security headers of every HTML answer of the site, built in one place: proxy.ts calls
// securityHeaders() per request with a fresh nonce. Pure functions of their input, so the unit
// tests pin each directive down. The BFF sends its own headers on /api/v1 (they pass through the
// rewrite untouched); Next's assets and public files never go through the proxy. Server code only
// (the proxy): it hashes with node:crypto.

import { createHash } from 'node:crypto';
import { EARLY_INPUT_SCRIPT } from './earlyInputScript';
import { EMBED_PATH_PREFIX, EMBED_SANDBOX, YOUTUBE_ORIGIN } from './frameSources';

/** The early-input script's CSP hash source: the same text on every page, cached or not, so no nonce. */
export const EARLY_INPUT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;

/** What the page policy needs to know about the site's configuration. */
export interface PolicySources {
  /** CMS_PUBLIC_URL: images, videos and (by default) the external grant forms come from there. */
  cmsPublicUrl: string;
  /** EXTERNAL_FORM_URL: the frame source of an external-only grant form. */
  externalFormUrl: string;
  /** CHATBOT_SCRIPT_URL: the chat assistant's script, absolute or a path on this site. */
  chatbotScriptUrl: string;
  /** CHAT_PROVIDER_URL: the livestream chat provider's script (livestream pages only). */
  chatProviderUrl?: string;
  /** LIVESTREAM_EVENT_ORIGINS: where a livestream's player frame may come from (livestream pages only). */
  livestreamEventOrigins?: string[];
  /** `next dev`: React's debugging aids need eval. */
  development: boolean;
}

/** The path prefix of the livestream pages, the only pages that load the chat provider. */
export const LIVESTREAM_PATH_PREFIX = '/livestream/';

/** The origin of an absolute http(s) URL, or undefined for a path or anything else. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a host name (with or without a port) is this machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** A policy from its directives; empty source lists are left out, duplicates dropped. */
function serialize(directives: Record<string, (string | undefined | false)[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources.filter((s): s is string => Boolean(s)))].join(' '))
    .join('; ');
}

/**
 * The Content-Security-Policy of a page. Scripts run only with this response's nonce (Next puts it
 * on its own scripts, read from the request's copy of this header), by their hash (the one inline
 * script of our own, lib/earlyInputScript.ts) or when a script that has it adds them
 * ('strict-dynamic': Next's chunks, the chat assistant). Browsers that know
 * 'strict-dynamic' ignore the host sources beside it; they are there for older ones.
 *
 * All of it but the nonce follows from the configuration, so it is built once per configuration,
 * transport and page kind, and only the nonce is put in per request: the proxy builds a policy for
 * every page load, in front of the CDN's cache, and building it whole (five URLs parsed) was
 * about a tenth of that step's work (issue 38).
 */
export function contentSecurityPolicy(nonce: string, sources: PolicySources, secure: boolean, livestream = false): string {
  const key = [
    sources.cmsPublicUrl,
    sources.externalFormUrl,
    sources.chatbotScriptUrl,
    livestream ? sources.chatProviderUrl : '',
    livestream ? (sources.livestreamEventOrigins ?? []).join(' ') : '',
    sources.development,
    secure,
    livestream,
  ].join('\n');
  let around = policyTemplates.get(key);
  if (!around) {
    // A mark no configured URL can hold, replaced by each response's nonce.
    const [before, after = ''] = buildPolicy(NONCE_MARK, sources, secure, livestream).split(NONCE_MARK);
    around = [before, after];
    if (policyTemplates.size >= MAX_POLICY_TEMPLATES) policyTemplates.clear();
    policyTemplates.set(key, around);
  }
  return around[0] + nonce + around[1];
}

/** The policy before and after its nonce, by configuration, transport and page kind. */
const policyTemplates = new Map<string, [string, string]>();
/** A deployment has one configuration, two transports and two page kinds; more means tests. */
const MAX_POLICY_TEMPLATES = 16;
const NONCE_MARK = '\u0000nonce\u0000';

/** The policy with the given nonce, built from its directives (contentSecurityPolicy). */
function buildPolicy(nonce: string, sources: PolicySources, secure: boolean, livestream: boolean): string {
  const cms = originOf(sources.cmsPublicUrl);
  // A livestream page runs the chat provider's script, which frames its room, and frames the
  // event's player; no other page needs either origin.
  const chat = livestream ? originOf(sources.chatProviderUrl ?? '') : undefined;
  const events = livestream ? (sources.livestreamEventOrigins ?? []).map(originOf) : [];
  const externalForms = originOf(sources.externalFormUrl);
  const chatbot = originOf(sources.chatbotScriptUrl);
  // The offline stack serves the CMS's files, Cloud Storage (partner logos) and the order
  // system's product images from other ports of this machine, over plain http.
  const offline = cms !== undefined && cms.startsWith('http:') && isLoopbackHost(new URL(cms).host);
  const localHttp = offline && ['http://127.0.0.1:*', 'http://localhost:*'];
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, EARLY_INPUT_SCRIPT_HASH, "'strict-dynamic'", chatbot, chat, sources.development && "'unsafe-eval'"],
    // 'unsafe-inline' for styles is the accepted compromise: Next and React write style elements
    // and style attributes (the blocks' paddings, a frame's height) without a nonce. Style cannot
    // run script. A nonce here would make browsers ignore 'unsafe-inline', so there is none.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Images and videos come from the CMS, Cloud Storage, the order system and whatever host an
    // editor's rich text names; any https source is allowed, as an image cannot run script.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', cms, chatbot, ...(localHttp || [])],
    'media-src': ["'self'", 'https:', cms, ...(localHttp || [])],
    'font-src': ["'self'"],
    // The browser calls only this site's /api/v1 (the BFF behind the edge's proxy); the chat assistant
    // talks to its own host. postMessage to the partner popup's opener is not governed by CSP.
    'connect-src': ["'self'", chatbot],
    // The video players, the external forms (grant forms, and the blocks' embedded forms, which the
    // BFF marks only on this host), the widget frames (this site's /embed/) and
    // whatever frames the chat assistant opens.
    'frame-src': ["'self'", YOUTUBE_ORIGIN, externalForms, chatbot, chat, ...events],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    // No page is ever framed: the partner popup is opened as a window, not a frame.
    'frame-ancestors': ["'none'"],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  });
}

/**
 * The policy of a widget frame's document (app/embed/viral-widget): the CMS's vendor code runs there
 * as the vendor wrote it, inline scripts and all, which is why it is a document of its own (a
 * srcdoc frame would inherit the page's policy and block every script of it). The sandbox
 * directive gives it an opaque origin even when opened on its own, so it cannot reach this site's
 * cookies, storage or pages; only the site's own pages may frame it.
 */
export function embedPolicy(): string {
  return serialize({
    sandbox: EMBED_SANDBOX.split(' '),
    'default-src': ['https:', 'data:', 'blob:', "'unsafe-inline'", "'unsafe-eval'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'self'"],
  });
}

/**
 * Powerful features no page of the site uses, off for the page and every frame in it. Autoplay
 * and fullscreen keep their defaults, so the video player's frame may still be granted them by its
 * allow attribute.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Two years, subdomains included: the BFF's value. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** The request as the headers depend on it. */
export interface PageRequest {
  /** The path asked for, e.g. /reset. */
  pathname: string;
  /** Whether the browser reached the site over https (directly or through a proxy). */
  secure: boolean;
  /** The Host the browser used. */
  host: string;
}

/**
 * The security headers of one HTML answer. `nonce` is this response's, fresh per request (see
 * newNonce); Next reads it back from the Content-Security-Policy that proxy.ts also puts on the
 * request.
 */
export function securityHeaders(request: PageRequest, nonce: string, sources: PolicySources): Record<string, string> {
  const embed = request.pathname.startsWith(EMBED_PATH_PREFIX);
  const headers: Record<string, string> = {
    'Content-Security-Policy': embed
      ? embedPolicy()
      : contentSecurityPolicy(nonce, sources, request.secure, request.pathname.startsWith(LIVESTREAM_PATH_PREFIX)),
    // For browsers without frame-ancestors.
    'X-Frame-Options': embed ? 'SAMEORIGIN' : 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // A password-reset link carries its one-time code in the address: nothing may send it on,
    // not even to this site's own assets or API.
    'Referrer-Policy': isResetPath(request.pathname) ? 'no-referrer' : 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
  // Browsers ignore HSTS over http, and on localhost it would pin every local port to https.
  if (request.secure && !isLoopbackHost(request.host)) headers['Strict-Transport-Security'] = HSTS;
  // A page opened by another site's window is cut off from it (no window.opener either way), so
  // no site can reach into a member's page or read its state through the handle; windows the page
  // opens itself (share links) keep theirs. Not on the partner popup: partner sites open it and
  // keep its window.opener, which is how the sign-in token reaches them (spec 1 §4).
  if (!request.pathname.startsWith(PARTNER_POPUP_PREFIX)) headers['Cross-Origin-Opener-Policy'] = 'same-origin-allow-popups';
  return headers;
}

/** The partner popup's addresses, /login/partner/{id}, which partner sites open as windows. */
const PARTNER_POPUP_PREFIX = '/login/partner/';

/** /reset and anything under it. */
function isResetPath(pathname: string): boolean {
  return pathname === '/reset' || pathname.startsWith('/reset/');
}

/** 128 random bits, base64: unguessable and new for every response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
