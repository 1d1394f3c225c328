// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ADDRESS_HEADER,
  SIGNATURE_HEADER,
  SIGNATURE_ISSUER,
  SIGNATURE_TTL_SECONDS,
  signToken,
  signatureHeaders,
  visitorAddress,
} from '@/lib/bff/signing';
import { TEST_SIGNING_SECRET, readToken } from './signatureCheck';

// lib/bff/signing.ts: the proof the BFF asks of Next's own calls (bff/internal/edgesign reads it).

const NOW = 1_767_225_600; // a whole minute, in Unix seconds

describe('signToken', () => {
  it('is a JWS of the one header the BFF accepts, with our issuer and a five-minute expiry', () => {
    const token = signToken(TEST_SIGNING_SECRET, NOW);
    const read = readToken(token, TEST_SIGNING_SECRET);
    expect(read.header).toBe('{"alg":"HS256","typ":"JWT"}');
    expect(read.claims).toEqual({ iss: 'portal-frontend', iat: NOW, exp: NOW + 300 });
    expect(SIGNATURE_ISSUER).toBe('portal-frontend');
    expect(SIGNATURE_TTL_SECONDS).toBe(300);
    expect(read.verifies).toBe(true);
    expect(token).not.toContain('='); // base64url without padding
  });

  it('is keyed with the secret: another secret makes another signature, which does not verify', () => {
    const token = signToken(TEST_SIGNING_SECRET, NOW);
    const other = signToken('somebody-elses-secret', NOW);
    const [header, payload, mac] = token.split('.');
    expect(other.split('.').slice(0, 2)).toEqual([header, payload]);
    expect(other.split('.')[2]).not.toBe(mac);
    expect(readToken(other, TEST_SIGNING_SECRET).verifies).toBe(false);
    expect(readToken(token, 'somebody-elses-secret').verifies).toBe(false);
  });

  it("keys the MAC with the secret's UTF-8 bytes", () => {
    expect(readToken(signToken('clé-ß-🔑', NOW), 'clé-ß-🔑').verifies).toBe(true);
  });

  it('is the same token for the same secret and time', () => {
    expect(signToken(TEST_SIGNING_SECRET, NOW)).toBe(signToken(TEST_SIGNING_SECRET, NOW));
    expect(signToken(TEST_SIGNING_SECRET, NOW + 1)).not.toBe(signToken(TEST_SIGNING_SECRET, NOW));
  });
});

describe('signatureHeaders', () => {
  it('is nothing without a secret: the call goes out unsigned', () => {
    expect(signatureHeaders(undefined, NOW * 1000)).toEqual({});
    expect(signatureHeaders('', NOW * 1000)).toEqual({});
  });

  it('signs with the X-Nf-Sign header, valid for about five minutes from now', () => {
    const nowMs = (NOW + 17) * 1000 + 250;
    const headers = signatureHeaders(TEST_SIGNING_SECRET, nowMs);
    expect(Object.keys(headers)).toEqual(['X-Nf-Sign']);
    expect(SIGNATURE_HEADER).toBe('X-Nf-Sign');
    const read = readToken(headers['X-Nf-Sign'], TEST_SIGNING_SECRET);
    expect(read.verifies).toBe(true);
    expect(read.claims.iss).toBe('portal-frontend');
    const exp = Number(read.claims.exp);
    expect(exp - nowMs / 1000).toBeGreaterThan(240);
    expect(exp - nowMs / 1000).toBeLessThanOrEqual(300);
    expect(Number(read.claims.iat)).toBeLessThanOrEqual(nowMs / 1000);
  });

  it('uses one token for a minute at most, and a new one for another secret', () => {
    const first = signatureHeaders(TEST_SIGNING_SECRET, NOW * 1000)['X-Nf-Sign'];
    expect(signatureHeaders(TEST_SIGNING_SECRET, (NOW + 59) * 1000 + 999)['X-Nf-Sign']).toBe(first);
    const next = signatureHeaders(TEST_SIGNING_SECRET, (NOW + 60) * 1000)['X-Nf-Sign'];
    expect(next).not.toBe(first);
    expect(readToken(next, TEST_SIGNING_SECRET).claims).toMatchObject({ iat: NOW + 60, exp: NOW + 360 });
    const other = signatureHeaders('another-secret', (NOW + 60) * 1000)['X-Nf-Sign'];
    expect(readToken(other, 'another-secret').verifies).toBe(true);
    expect(readToken(other, TEST_SIGNING_SECRET).verifies).toBe(false);
  });
});

describe('visitorAddress', () => {
  it('names the address the edge gave, under the header the BFF reads', () => {
    const incoming = new Headers({ 'x-nf-client-connection-ip': '203.0.113.9', 'x-forwarded-for': '198.51.100.7' });
    expect(visitorAddress(incoming)).toEqual({ 'X-Nf-Client-Connection-Ip': '203.0.113.9' });
    expect(CLIENT_ADDRESS_HEADER).toBe('X-Nf-Client-Connection-Ip');
  });

  it('is nothing when the edge gave none; X-Forwarded-For is never taken in its place', () => {
    expect(visitorAddress(new Headers({ 'x-forwarded-for': '198.51.100.7' }))).toEqual({});
    expect(visitorAddress(new Headers())).toEqual({});
  });
});
