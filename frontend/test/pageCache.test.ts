// @vitest-environment node
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetFoundPages } from '@/lib/missingPage';
import { CACHED_PAGE_NONCE, cachedPageUrl, unionOfSegment } from '@/lib/pageCache';
import { cachedPagePath, sitePathOf } from '@/lib/pageCacheRoute';
import { stubFetch } from './fetchStub';

// lib/pageCache.ts: which requests the proxy serves from the page cache, and where.

/** A browser's page load (Sec-Fetch-Dest: document), unless `dest` says otherwise. */
const request = (path: string, init: { cookie?: string; method?: string; dest?: string | null } = {}) =>
  new NextRequest(`http://127.0.0.1:3000${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.dest === null ? {} : { 'sec-fetch-dest': init.dest ?? 'document' }),
    },
  });

/** Where the proxy would send the request, as a path, or null for a render of its own. */
async function target(path: string, init: { cookie?: string; method?: string; dest?: string | null } = {}, union?: string) {
  const url = await cachedPageUrl(request(path, init), union);
  return url && url.pathname + url.search;
}

describe('the page cache', () => {
  beforeEach(forgetFoundPages);
  afterEach(() => vi.unstubAllGlobals());

  it('serves an anonymous visitor’s CMS page from the route of their union', async () => {
    // The BFF says which union it read each document for (Reader-Union): the ones it knows.
    const known = new Set(['37', 'UNITE HERE']);
    const fetch = stubFetch((url) => ({
      headers: { 'Reader-Union': [...known].find((u) => url.includes(`union=${u.replace(' ', '+')}`)) ?? '' },
    }));
    expect(await target('/')).toBe('/visitor/-');
    expect(await target('/', { cookie: 'union=37' }, '37')).toBe('/visitor/37');
    expect(await target('/benefits/wireless', { cookie: 'union=UNITE%20HERE' }, 'UNITE HERE')).toBe('/visitor/UNITE%20HERE/benefits/wireless');
    // Every answer was asked about once and remembered.
    expect(await target('/benefits/wireless', { cookie: 'union=UNITE%20HERE' }, 'UNITE HERE')).toBe('/visitor/UNITE%20HERE/benefits/wireless');
    expect(fetch.mock.calls.map(([url]) => String(url).replace('http://127.0.0.1:8080/api/v1/page?path=', ''))).toEqual([
      '%2F',
      '%2F&union=37',
      '%2Fbenefits%2Fwireless&union=UNITE+HERE',
      '%2F&union=UNITE+HERE',
    ]);
  });

  it('keeps a made-up union’s page as the fallback’s, so random unions cannot push real pages out', async () => {
    // Before, every well-formed union a visitor's cookie named was a page of its own in the cache.
    stubFetch((url) => ({ headers: { 'Reader-Union': url.includes('union=37') ? '37' : '' } }));
    for (const made of ['zz-made-up-1', 'zz-made-up-2', '9999999']) {
      expect(await target('/benefits/wireless', { cookie: `union=${made}` }, made), made).toBe('/visitor/-/benefits/wireless');
      expect(await target('/', { cookie: `union=${made}` }, made), made).toBe('/visitor/-');
    }
    expect(await target('/benefits/wireless', { cookie: 'union=37' }, '37')).toBe('/visitor/37/benefits/wireless');
  });

  it('renders per request an address with a query, and whatever is not a browser’s page load', async () => {
    const fetch = stubFetch(() => ({ body: { kind: 'page' } }));
    // Next writes the address asked for into the page: a cached page would carry it to everyone.
    for (const path of ['/?union=37', '/benefits/wireless?utm_source=mail', '/?modal=login', '/?redirect_benefit=wireless']) {
      expect(await target(path), path).toBeNull();
    }
    expect(await target('/benefits/wireless', { dest: 'empty' })).toBeNull(); // a client-side navigation
    expect(await target('/benefits/wireless', { dest: null })).toBeNull(); // not a browser
    expect(fetch).not.toHaveBeenCalled();
  });

  it('renders per request whatever could make the page personal', async () => {
    const fetch = stubFetch(() => ({ body: { kind: 'page' } }));
    for (const cookie of ['session=abc', '__Host-session=abc', 'union=37; up_cart=c1', 'union_benefits_subscribed=1', '__prerender_bypass=x', 'anything=1']) {
      expect(await target('/benefits/wireless', { cookie }), cookie).toBeNull();
    }
    expect(await target('/benefits/wireless', { method: 'POST' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leaves the app’s own routes, and the internal route itself, alone', async () => {
    const fetch = stubFetch(() => ({ body: { kind: 'page' } }));
    for (const path of ['/search?q=x', '/account', '/blog/money-tips', '/store', '/form/x', '/visitor/-/faq', '/visitor']) {
      expect(await target(path), path).toBeNull();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('never caches an address the BFF has no page at, one that sends the reader elsewhere, or a gate', async () => {
    // The BFF says what a page document is in its Page-Kind header, which a HEAD reads.
    stubFetch((url) =>
      url.includes('nope')
        ? { status: 404 }
        : url.includes('moved')
          ? { headers: { 'Page-Kind': 'redirect' } }
          : url.includes('toolkit')
            ? { headers: { 'Page-Kind': 'gated' } }
            : { status: 503 },
    );
    expect(await target('/nope')).toBeNull();
    expect(await target('/moved')).toBeNull();
    expect(await target('/member-toolkit')).toBeNull(); // a members-only page's gate
    expect(await target('/flaky')).toBeNull(); // the BFF could not say: render as usual
  });

  it('maps the internal route back to the address the reader sees', () => {
    expect(cachedPagePath([], undefined)).toBe('/visitor/-');
    expect(cachedPagePath(['benefits', 'a b'], 'CWA')).toBe('/visitor/CWA/benefits/a%20b');
    expect(sitePathOf('/visitor/-')).toBe('/');
    expect(sitePathOf('/visitor/37/benefits/wireless')).toBe('/benefits/wireless');
    expect(sitePathOf('/visitors-guide')).toBe('/visitors-guide');
    expect(sitePathOf('/benefits/wireless')).toBe('/benefits/wireless');
    expect(unionOfSegment('-')).toBeUndefined();
    expect(unionOfSegment('UNITE HERE')).toBe('UNITE HERE');
    expect(unionOfSegment('<script>')).toBeUndefined();
  });

  it('has one nonce for every cached page, fit for a policy', () => {
    expect(CACHED_PAGE_NONCE).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });
});
