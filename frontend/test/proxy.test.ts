// @vitest-environment node
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, proxy } from '@/proxy';
import { UNION_HEADER } from '@/lib/union';
import { CACHED_PAGE_NONCE } from '@/lib/pageCache';
import { forgetFoundPages } from '@/lib/missingPage';
import { stubFetch } from './fetchStub';

// proxy.ts: the union a page request is for, and the security headers with a nonce of its own.

async function run(url: string, headers: Record<string, string> = {}) {
  const response = await proxy(new NextRequest(url, { headers }));
  // NextResponse.next({ request: { headers } }) hands the request headers on as x-middleware-request-*.
  const forwarded = (name: string) => response.headers.get(`x-middleware-request-${name.toLowerCase()}`);
  return { response, forwarded };
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

describe('proxy', () => {
  beforeEach(forgetFoundPages);
  afterEach(() => vi.unstubAllGlobals());

  it('puts a fresh nonce in the answer and in the request Next renders with', async () => {
    const member = { cookie: 'session=abc' }; // a page rendered per request
    const first = await run('http://127.0.0.1:3000/', member);
    const csp = first.response.headers.get('content-security-policy');
    expect(nonceOf(csp)).toBeTruthy();
    expect(nonceOf(csp)).not.toBe(CACHED_PAGE_NONCE);
    expect(first.forwarded('content-security-policy')).toBe(csp);
    expect(nonceOf((await run('http://127.0.0.1:3000/', member)).response.headers.get('content-security-policy'))).not.toBe(nonceOf(csp));
    expect(first.response.headers.get('x-middleware-rewrite')).toBeNull();
    expect(first.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.response.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends an anonymous visitor to the page cache, with its nonce and no caching on the way', async () => {
    stubFetch(() => ({ headers: { 'Reader-Union': '37' } })); // the BFF knows the union
    const { response, forwarded } = await run('http://127.0.0.1:3000/', { cookie: 'union=37', 'sec-fetch-dest': 'document' });
    expect(new URL(response.headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/visitor/37');
    const csp = response.headers.get('content-security-policy');
    expect(nonceOf(csp)).toBe(CACHED_PAGE_NONCE);
    expect(forwarded('content-security-policy')).toBe(csp); // the render writes it on its scripts
    expect(response.headers.get('cache-control')).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
  });

  it('answers the page cache’s own route from outside with the not-found page', async () => {
    const { response } = await run('http://127.0.0.1:3000/visitor/37/faq');
    expect(response.status).toBe(404);
    expect(new URL(response.headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/error/404');
  });

  it('sends HSTS when a proxy in front says the browser came over https', async () => {
    const { response } = await run('http://union.example.org/', { 'x-forwarded-proto': 'https', host: 'union.example.org' });
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('gives a page address that ends in an extension the page headers, and a site file only its headers', async () => {
    // Before, the matcher left out every address with an extension: /login/partner/x.json, the
    // partner popup's page, had no policy and could be framed.
    const page = await run('http://127.0.0.1:3000/login/partner/x.json', { cookie: 'session=abc' });
    expect(page.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.response.headers.get('x-frame-options')).toBe('DENY');
    expect(config.matcher.map((m) => new RegExp(`^${m}$`).test('/login/partner/x.json'))).toContain(true);
    const file = await run('http://127.0.0.1:3000/robots.txt?union=37', { 'sec-fetch-dest': 'document' });
    expect(file.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.response.headers.get('x-middleware-rewrite')).toBeNull(); // not the not-found page, nor the page cache
    expect(file.response.headers.get('set-cookie')).toBeNull(); // a file chooses no union
  });

  it('answers /reset with no referrer', async () => {
    expect((await run('http://127.0.0.1:3000/reset?oobCode=x')).response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('hands a well-formed ?union= on and keeps it in the cookie', async () => {
    const { response, forwarded } = await run('http://127.0.0.1:3000/?union=37');
    expect(forwarded(UNION_HEADER)).toBe('37');
    expect(response.cookies.get('union')?.value).toBe('37');
  });

  it('ignores a malformed ?union= and a malformed cookie alike', async () => {
    const query = await run('http://127.0.0.1:3000/?union=%3Cscript%3E', { cookie: 'union=41' });
    expect(query.forwarded(UNION_HEADER)).toBe('41');
    expect(query.response.cookies.get('union')).toBeUndefined();
    const cookie = await run('http://127.0.0.1:3000/', { cookie: 'union=a%0d%0ab' });
    expect(cookie.forwarded(UNION_HEADER)).toBeNull();
  });

  it('drops a union header the browser sent itself', async () => {
    const { forwarded } = await run('http://127.0.0.1:3000/', { [UNION_HEADER]: '41' });
    expect(forwarded(UNION_HEADER)).toBeNull();
  });

  // Spec 1 §7: the BFF decides where a partner's redirect_url may go; the proxy only hands it
  // over, on this site, whatever it names.
  it('hands a partner redirect_url to the BFF redirect route on this site', async () => {
    for (const target of ['/store/checkout', 'https://hotels.example.com/?in=1&from=20261201', 'https://evil.example/', '//evil.example']) {
      const { response } = await run(`http://127.0.0.1:3000/benefits/hotel-discounts?redirect_url=${encodeURIComponent(target)}`);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location') ?? '');
      // Next names 127.0.0.1 localhost; either way, this site (Next makes it relative).
      expect(['http://127.0.0.1:3000', 'http://localhost:3000']).toContain(location.origin);
      expect(location.pathname).toBe('/api/v1/hotels/redirect');
      expect(location.searchParams.get('redirect_url')).toBe(target);
      expect(response.headers.get('content-security-policy')).toBeTruthy();
    }
  });

  it('still keeps a chosen union when it redirects', async () => {
    const { response } = await run('http://127.0.0.1:3000/?union=37&redirect_url=%2Fstore');
    expect(response.status).toBe(302);
    expect(response.cookies.get('union')?.value).toBe('37');
  });
});
