// The proof that a server-side call to the BFF comes from this Next.js server. The BFF refuses
// every /api/v1 request without a valid X-Nf-Sign header (bff/internal/edgesign): a browser's
// request gets one from the edge in front of us (Netlify's CDN signs what its proxy rewrite
// forwards; the local stack's edge does the same offline), and Next's own calls, which go straight
// to config.bffUrl, sign themselves here the same way with a secret of their own
// (SERVER_SIGNING_SECRET): a JWS, HS256, issuer `portal-frontend`, expiring five minutes after it
// is made.
//
// Only beside a token that verifies does the BFF believe the client address a request names, in
// X-Nf-Client-Connection-Ip (visitorAddress below); it never reads X-Forwarded-For, which anyone
// can write.
//
// Server code only: it holds the secret and hashes with node:crypto. It carries no `server-only`
// import because the proxy reaches it (through lib/missingPage.ts), as lib/securityHeaders.ts and
// lib/pageCache.ts do not either.
import { createHmac } from 'node:crypto';
import { config } from '../config';

/** The request header that carries the token, as the BFF reads it. */
export const SIGNATURE_HEADER = 'X-Nf-Sign';
/** Who signs: the BFF keys this issuer's tokens with SERVER_SIGNING_SECRET (the CDN's is `netlify`). */
export const SIGNATURE_ISSUER = 'portal-frontend';
/** How long a token lives, as Netlify's do. */
export const SIGNATURE_TTL_SECONDS = 300;
/** How long one token is used for before a new one is made (see signatureHeaders). */
export const SIGNATURE_REUSE_SECONDS = 60;
/** The header the BFF reads the client's address from, believed only beside a verified token. */
export const CLIENT_ADDRESS_HEADER = 'X-Nf-Client-Connection-Ip';

/** The one protected header: the BFF accepts HS256 and nothing else. */
const PROTECTED_HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url'); // base64url without padding
}

/**
 * The token (JWS compact serialization) of this server issued at `issuedAt` (Unix seconds),
 * expiring SIGNATURE_TTL_SECONDS later, its MAC keyed with the UTF-8 bytes of `secret`.
 */
export function signToken(secret: string, issuedAt: number): string {
  const payload = base64url(JSON.stringify({ iss: SIGNATURE_ISSUER, iat: issuedAt, exp: issuedAt + SIGNATURE_TTL_SECONDS }));
  const signing = `${PROTECTED_HEADER}.${payload}`;
  return `${signing}.${createHmac('sha256', Buffer.from(secret, 'utf8')).update(signing).digest('base64url')}`;
}

let last: { secret: string; issuedAt: number; token: string } | undefined;

/**
 * The header that signs a call to the BFF, for every server-side call: `{ 'X-Nf-Sign': token }`,
 * or nothing when SERVER_SIGNING_SECRET is unset (the call goes out unsigned and the BFF refuses
 * it; nothing is logged per call). A token is issued at the start of the current minute and used
 * all that minute: one HMAC a minute rather than one per call, and the same token on every
 * instance, which matters because Next keys its data cache by a fetch's headers (a cached read is
 * looked up under the token of the minute it is read in).
 */
export function signatureHeaders(secret: string | undefined = config.serverSigningSecret, nowMs: number = Date.now()): Record<string, string> {
  if (!secret) return {};
  const now = Math.floor(nowMs / 1000);
  const issuedAt = now - (now % SIGNATURE_REUSE_SECONDS);
  if (last?.secret !== secret || last.issuedAt !== issuedAt) last = { secret, issuedAt, token: signToken(secret, issuedAt) };
  return { [SIGNATURE_HEADER]: last.token };
}

/**
 * The visitor's address for a call made for this visitor alone, from the request Next is serving:
 * the edge in front of Next (Netlify's CDN, or the local stack's edge) sets
 * x-nf-client-connection-ip on every request it forwards, and the BFF charges what it loads for a
 * visitor to that address (its per-visitor miss budget), as for the browser's own calls through
 * the edge. Empty when the request has none. Never for a read kept in Next's data cache: that read
 * is every visitor's, and the header would split the cache per visitor and charge one for all.
 */
export function visitorAddress(incoming: Headers): Record<string, string> {
  const address = incoming.get('x-nf-client-connection-ip');
  return address ? { [CLIENT_ADDRESS_HEADER]: address } : {};
}
