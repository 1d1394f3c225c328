// Reads a token of lib/bff/signing.ts the way the BFF does (bff/internal/edgesign), written apart
// from the module so a test checks the module against the format, not against itself.
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';

/** The secret the tests sign with (config.serverSigningSecret while a test runs). */
export const TEST_SIGNING_SECRET = 'next-signs-its-own-calls';

export interface ReadToken {
  /** The protected header, decoded, as it was written. */
  header: string;
  claims: { iss?: unknown; iat?: unknown; exp?: unknown };
  /** Whether the MAC is HMAC-SHA256 over `<header>.<payload>` keyed with `secret`'s UTF-8 bytes. */
  verifies: boolean;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A token's parts, decoded; throws when it is no JWS compact serialization without padding. */
export function readToken(token: string, secret: string): ReadToken {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) throw new Error(`not a JWS: ${token}`);
  const [header, payload, mac] = parts;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${header}.${payload}`).digest('base64url');
  return {
    header: Buffer.from(header, 'base64url').toString('utf8'),
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ReadToken['claims'],
    verifies: mac === expected,
  };
}

/** The value of a header among those a fetch was given, whatever the spelling of its name. */
export function sentHeader(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

/**
 * Expects `token` to be the Next.js server's, as the BFF accepts it: keyed with TEST_SIGNING_SECRET
 * (and no other), the one protected header, issuer portal-frontend, expiring 4 to 5 minutes ahead
 * (a token is made once a minute).
 */
export function expectServerToken(token: string | null | undefined): void {
  expect(token).toBeTruthy();
  const read = readToken(token as string, TEST_SIGNING_SECRET);
  expect(read.verifies).toBe(true);
  expect(read.header).toBe('{"alg":"HS256","typ":"JWT"}');
  expect(read.claims.iss).toBe('portal-frontend');
  const ahead = Number(read.claims.exp) - Date.now() / 1000;
  expect(ahead).toBeGreaterThan(235);
  expect(ahead).toBeLessThanOrEqual(300);
  expect(readToken(token as string, 'not-the-secret').verifies).toBe(false);
}
