/**
 * The only module that reads the environment, so every setting has one name, one default and one
 * place to look. Server-side only: none of these values may reach the browser bundle.
 */
export interface FrontendConfig {
  /** Base URL of the BFF, without a trailing slash. */
  bffUrl: string;
  /**
   * How long a server-side call to the BFF may take before it counts as unreachable. It is longer
   * than the BFF's own REQUEST_TIMEOUT (15 s by default) on purpose: a BFF that is up answers its
   * own 503 when an upstream is slow, with its own problem document; this limit only catches a
   * BFF that does not answer at all (hung, or a connection that never completes).
   */
  bffTimeoutMs: number;
  /** Shared secret the BFF sends when it asks us to revalidate cache tags; unset disables the hook. */
  revalidateSecret: string | undefined;
  /**
   * SERVER_SIGNING_SECRET: the key of the proof (X-Nf-Sign, lib/bff/signing.ts) that each of our
   * server-side calls to the BFF comes from this server; the BFF holds the same secret and refuses
   * any call without a valid proof. Unset, the calls go out unsigned and the BFF refuses them.
   */
  serverSigningSecret: string | undefined;
  /**
   * The chat assistant's script, added to the page while a member is signed in (spec 1 §1).
   * Defaults to a harmless local stand-in, public/chatbot-dev.js.
   */
  chatbotScriptUrl: string;
  /**
   * The support line quoted by messages the browser words itself (an upload refused as
   * unauthorized). The same variable and default as the BFF's SUPPORT_PHONE.
   */
  supportPhone: string;
  /**
   * ERROR_REPORTING_URL: where a server render's error is reported (spec 1 §9, "an error-reporting
   * endpoint is configured"; lib/errorReport.ts), the BFF's variable of the same name; unset
   * reports none.
   */
  errorReportingUrl: string | undefined;
  /**
   * Where browsers fetch the CMS's files (images, videos): the BFF's CMS_PUBLIC_URL, with the
   * same fallbacks (CMS_URL, then the local fixture CMS). The Content-Security-Policy allows it.
   */
  cmsPublicUrl: string;
  /**
   * The frame source of an external-only grant form: the BFF's EXTERNAL_FORM_URL, with the same
   * default. Only its origin is used here, for the Content-Security-Policy's frame-src.
   */
  externalFormUrl: string;
  /**
   * CHAT_PROVIDER_URL: the livestream chat provider's script (spec 3 §7 'Chat provider'). The
   * default is the local stack's stand-in (bff/cmd/chatstub). Only livestream pages load it, and
   * only their Content-Security-Policy allows its origin.
   */
  chatProviderUrl: string;
  /**
   * LIVESTREAM_EVENT_ORIGINS: the origins a livestream's player frame (the CMS's event source)
   * may come from, comma-separated; by default the CMS's own (the fixtures' player page).
   */
  livestreamEventOrigins: string[];
  /** `next dev`: React needs eval there for its debugging aids, never in a production build. */
  development: boolean;
  /**
   * The /test route (spec 1 §1: only in development and test environments): on under `next dev`
   * and where PORTAL_ENV=test (the local stack's test mode); a 404 everywhere else.
   */
  testRoute: boolean;
  /**
   * The site's public origin (SITE_URL, else the URL Netlify gives a deployment). Pages served
   * from the page cache are rendered once for everyone, with no request to take a host from, so
   * their canonical and social URLs name this origin. Defaults to the local stack's address.
   */
  siteUrl: string;
  /**
   * LOCAL_EDGE_ORIGIN: the local stack's edge, Netlify's stand-in, which names the rewrite its cache
   * missed and takes purges (lib/edgePhases.ts, lib/edgePurge.ts). Only a loopback origin counts:
   * on Netlify the platform's own runtime does both, and the proxy must take no step header from
   * anyone else. Undefined everywhere but the stack.
   */
  localEdgeOrigin: string | undefined;
  /** NETLIFY_PURGE_API_TOKEN: the bearer of the local edge's purge API. */
  purgeToken: string | undefined;
}

const DEFAULT_BFF_URL = 'http://127.0.0.1:8080';
const DEFAULT_CHATBOT_SCRIPT_URL = '/chatbot-dev.js';
const DEFAULT_SUPPORT_PHONE = '800-472-2005';
const DEFAULT_BFF_TIMEOUT_MS = 20_000;
const DEFAULT_CMS_URL = 'http://127.0.0.1:8081';
const DEFAULT_SITE_URL = 'http://127.0.0.1:3000';
const DEFAULT_CHAT_PROVIDER_URL = 'http://127.0.0.1:8086/sdk.js';
const EXTERNAL_FORM_PATH = '/sites/default/files/external-forms/{id}.html?embed=1';

/** A loopback http origin (the local stack's), or undefined. */
function loopbackOrigin(value: string | undefined): string | undefined {
  try {
    const url = new URL(value?.trim() ?? '');
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
    return url.protocol === 'http:' && loopback ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A positive whole number of milliseconds, or the default when unset or not one. */
function milliseconds(value: string | undefined, fallback: number): number {
  const n = Number(value?.trim() || undefined);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function readConfig(env: Record<string, string | undefined>): FrontendConfig {
  const bffUrl = (env.BFF_URL?.trim() || DEFAULT_BFF_URL).replace(/\/+$/, '');
  const bffTimeoutMs = milliseconds(env.BFF_TIMEOUT_MS, DEFAULT_BFF_TIMEOUT_MS);
  const revalidateSecret = env.REVALIDATE_SECRET?.trim() || undefined;
  const serverSigningSecret = env.SERVER_SIGNING_SECRET?.trim() || undefined;
  const chatbotScriptUrl = env.CHATBOT_SCRIPT_URL?.trim() || DEFAULT_CHATBOT_SCRIPT_URL;
  const supportPhone = env.SUPPORT_PHONE?.trim() || DEFAULT_SUPPORT_PHONE;
  const errorReportingUrl = env.ERROR_REPORTING_URL?.trim() || undefined;
  const cmsPublicUrl = (env.CMS_PUBLIC_URL?.trim() || env.CMS_URL?.trim() || DEFAULT_CMS_URL).replace(/\/+$/, '');
  const externalFormUrl = env.EXTERNAL_FORM_URL?.trim() || cmsPublicUrl + EXTERNAL_FORM_PATH;
  const chatProviderUrl = env.CHAT_PROVIDER_URL?.trim() || DEFAULT_CHAT_PROVIDER_URL;
  const livestreamEventOrigins = (env.LIVESTREAM_EVENT_ORIGINS?.trim() || cmsPublicUrl)
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const development = env.NODE_ENV === 'development';
  const siteUrl = (env.SITE_URL?.trim() || env.URL?.trim() || DEFAULT_SITE_URL).replace(/\/+$/, '');
  const testRoute = development || env.PORTAL_ENV?.trim() === 'test';
  const localEdgeOrigin = loopbackOrigin(env.LOCAL_EDGE_ORIGIN);
  const purgeToken = env.NETLIFY_PURGE_API_TOKEN?.trim() || undefined;
  return {
    bffUrl,
    bffTimeoutMs,
    revalidateSecret,
    serverSigningSecret,
    chatbotScriptUrl,
    supportPhone,
    errorReportingUrl,
    cmsPublicUrl,
    externalFormUrl,
    chatProviderUrl,
    livestreamEventOrigins,
    development,
    testRoute,
    siteUrl,
    localEdgeOrigin,
    purgeToken,
  };
}

export const config: FrontendConfig = readConfig(process.env);
