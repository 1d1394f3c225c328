// @vitest-environment node
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ROUTES, SITE_FILES, askBff, documentFor, forgetFoundPages, isMissingPage } from '@/lib/missingPage';
import { stubFetch } from './fetchStub';
import { TEST_SIGNING_SECRET, expectServerToken, sentHeader } from './signatureCheck';

// lib/missingPage.ts: which addresses the proxy renders as the not-found page before rendering.

const request = (path: string, headers: Record<string, string> = {}) => new NextRequest(`http://127.0.0.1:3000${path}`, { headers });

describe('missing pages', () => {
  beforeEach(forgetFoundPages);
  afterEach(() => vi.unstubAllGlobals());

  it('knows every route folder of the app, so none is asked of the BFF as a CMS page', () => {
    // Route groups, (site) and the like, add no segment: their folders are top-level routes too.
    const routeFolders = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && !e.name.startsWith('[') && !e.name.startsWith('_'))
        .flatMap((e) => (e.name.startsWith('(') ? routeFolders(join(dir, e.name)) : [e.name]));
    const folders = routeFolders(join(__dirname, '..', 'app'));
    expect(folders).toContain('search'); // the walk reaches inside the groups
    for (const folder of folders) expect(APP_ROUTES, folder).toContain(folder);
  });

  it('knows every file the site serves at its root, so none is taken for a page', () => {
    const metadata = readdirSync(join(__dirname, '..', 'app'))
      .filter((name) => /^(robots|sitemap|icon)\./.test(name))
      .map((name) => '/' + name.replace(/\.ts$/, name.startsWith('robots') ? '.txt' : '.xml'));
    const publicFiles = readdirSync(join(__dirname, '..', 'public')).map((name) => `/${name}`);
    expect(metadata).toContain('/robots.txt');
    expect([...SITE_FILES].sort()).toEqual([...metadata, ...publicFiles].sort());
  });

  it('asks the document that holds the address', () => {
    expect(documentFor(request('/benefits/wireless?union=37'))).toBe('/api/v1/page?path=%2Fbenefits%2Fwireless&union=37');
    expect(documentFor(request('/benefits/wireless', { cookie: 'union=41' }))).toBe('/api/v1/page?path=%2Fbenefits%2Fwireless&union=41');
    expect(documentFor(request('/blog/money-tips/5512'))).toBe('/api/v1/blog/money-tips/5512');
    expect(documentFor(request('/blog/money-tips?topic=211'))).toBe('/api/v1/blog/money-tips?topic=211');
    for (const path of ['/', '/search?q=x', '/account/profile', '/form/nope', '/store', '/x?redirect_benefit=wireless']) {
      expect(documentFor(request(path)), path).toBeNull();
    }
  });

  it('is missing when the BFF has no page or refuses the address, and never asks twice for one it has', async () => {
    const statuses: Record<string, number> = { nope: 404, bad: 400, long: 414, big: 431, down: 503 };
    const fetch = stubFetch((url) => ({ status: Object.entries(statuses).find(([path]) => url.includes(path))?.[1] ?? 200 }));
    expect(await isMissingPage(request('/nope'))).toBe(true);
    expect(await isMissingPage(request('/nope', { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }))).toBe(true);
    expect(await isMissingPage(request('/bad'))).toBe(true);
    expect(await isMissingPage(request('/long'))).toBe(true);
    expect(await isMissingPage(request('/big'))).toBe(true);
    expect(await isMissingPage(request('/benefits/wireless'))).toBe(false);
    expect(await isMissingPage(request('/benefits/wireless'))).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(6);
    // A BFF that could not say is asked again next time: the page renders as usual meanwhile.
    expect(await isMissingPage(request('/down'))).toBe(false);
    expect(await isMissingPage(request('/down'))).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(8);
  });

  it('asks by status alone: a HEAD of the document the render fetches', async () => {
    const fetch = stubFetch(() => ({ status: 200 }));
    expect(await isMissingPage(request('/benefits/wireless?union=37'))).toBe(false);
    expect(await isMissingPage(request('/blog/money-tips/5512'))).toBe(false);
    expect(fetch.mock.calls.map(([url, init]) => [String(url), init?.method, init?.cache])).toEqual([
      ['http://127.0.0.1:8080/api/v1/page?path=%2Fbenefits%2Fwireless&union=37', 'HEAD', 'no-store'],
      ['http://127.0.0.1:8080/api/v1/blog/money-tips/5512', 'HEAD', 'no-store'],
    ]);
    expect(fetch.mock.calls.every(([, init]) => init?.signal instanceof AbortSignal && init.body === undefined)).toBe(true);
  });

  it('tells the page cache a page from a redirect or a gate by the same HEAD, and remembers it', async () => {
    const kinds: Record<string, string> = { wireless: 'page', moved: 'redirect', toolkit: 'gated' };
    const fetch = stubFetch((url) => ({
      headers: { 'Page-Kind': Object.entries(kinds).find(([path]) => url.includes(path))?.[1] ?? 'page' },
    }));
    const ask = (path: string) => askBff(documentFor(request(path))!, request(path));
    expect(await isMissingPage(request('/benefits/wireless'))).toBe(false);
    // The proxy's question answered the page cache's too: no second call.
    expect(await ask('/benefits/wireless')).toEqual({ kind: 'page', union: undefined });
    expect(await ask('/moved')).toEqual({ kind: 'other', union: undefined });
    expect(await ask('/member-toolkit')).toEqual({ kind: 'other', union: undefined });
    expect(await ask('/blog/money-tips/5512')).toEqual({ kind: 'page', union: undefined }); // a post has no kind: open to all
    expect(await isMissingPage(request('/moved'))).toBe(false);
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url).replace('http://127.0.0.1:8080', '')}`)).toEqual([
      'HEAD /api/v1/page?path=%2Fbenefits%2Fwireless',
      'HEAD /api/v1/page?path=%2Fmoved',
      'HEAD /api/v1/page?path=%2Fmember-toolkit',
      'HEAD /api/v1/blog/money-tips/5512',
    ]);
  });

  it("signs its call and names the visitor's address the edge gave, never their X-Forwarded-For", async () => {
    const fetch = stubFetch(() => ({ status: 404 }));
    const { config } = await import('@/lib/config');
    const was = config.serverSigningSecret;
    try {
      config.serverSigningSecret = TEST_SIGNING_SECRET;
      // The BFF charges what it loads for a visitor to their address, and believes it only beside
      // our signature.
      await isMissingPage(request('/nope', { 'x-nf-client-connection-ip': '203.0.113.9', 'x-forwarded-for': '198.51.100.7' }));
      const init = fetch.mock.calls[0]?.[1];
      expect(init?.method).toBe('HEAD');
      expect(sentHeader(init, 'x-nf-client-connection-ip')).toBe('203.0.113.9');
      expect(sentHeader(init, 'x-forwarded-for')).toBeNull();
      expectServerToken(sentHeader(init, 'x-nf-sign'));
      // Without the edge's header, no address; without a secret, no signature.
      config.serverSigningSecret = undefined;
      await isMissingPage(request('/nope', { 'x-forwarded-for': '198.51.100.7' }));
      const bare = fetch.mock.calls[1]?.[1];
      expect(sentHeader(bare, 'x-nf-client-connection-ip')).toBeNull();
      expect(sentHeader(bare, 'x-forwarded-for')).toBeNull();
      expect(sentHeader(bare, 'x-nf-sign')).toBeNull();
    } finally {
      config.serverSigningSecret = was;
    }
  });

  it('the test route is missing outside development and test, for members too, without asking', async () => {
    const fetch = stubFetch(() => ({ status: 200 }));
    const { config } = await import('@/lib/config');
    const was = config.testRoute;
    try {
      config.testRoute = false;
      expect(await isMissingPage(request('/test'))).toBe(true);
      expect(await isMissingPage(request('/test/anything', { cookie: 'session=abc' }))).toBe(true);
      expect(await isMissingPage(request('/testimonials'))).toBe(false);
      config.testRoute = true;
      expect(await isMissingPage(request('/test'))).toBe(false);
    } finally {
      config.testRoute = was;
    }
    expect(fetch).toHaveBeenCalledTimes(1); // only /testimonials, a CMS page, was asked about
  });

  it('the error route is missing when its path holds 404, without asking', async () => {
    const fetch = stubFetch(() => ({ status: 200 }));
    expect(await isMissingPage(request('/error/404'))).toBe(true);
    expect(await isMissingPage(request('/error/page-404-x'))).toBe(true);
    expect(await isMissingPage(request('/error/500'))).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leaves members, editors in draft mode, client-side navigations and a BFF it cannot reach to the page itself', async () => {
    const fetch = stubFetch(() => ({ status: 404 }));
    expect(await isMissingPage(request('/nope', { cookie: 'session=abc' }))).toBe(false);
    expect(await isMissingPage(request('/not-published-yet', { cookie: '__prerender_bypass=x' }))).toBe(false);
    expect(await isMissingPage(request('/nope', { cookie: '__Host-session=abc' }))).toBe(false);
    // A client-side navigation or prefetch, as the browser marks it (Next hides its own headers).
    expect(await isMissingPage(request('/nope', { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' }))).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    expect(await isMissingPage(request('/nope'))).toBe(false);
  });
});
