import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { readConfig } from '@/lib/config';
import { EDGE_PHASE_HEADER, EDGE_REWRITE_HEADER, decision, edgePhase, functionRewrite } from '@/lib/edgePhases';
import { isPageCachePath } from '@/lib/pageCacheRoute';

// lib/edgePhases.ts: the local edge asks for the proxy's step and the function's apart, as Netlify
// runs them (the proxy in front of the CDN's cache). Only the stack's edge may ask.

const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(new URL(path, 'http://127.0.0.1:3000'), { headers });

describe('the proxy’s steps for the local edge', () => {
  it('are asked only where the stack named its edge, and only on a loopback origin', () => {
    const asked = request('/', { [EDGE_PHASE_HEADER]: 'function' });
    expect(edgePhase(asked, false)).toBeNull();
    expect(edgePhase(asked, true)).toBe('function');
    expect(edgePhase(request('/', { [EDGE_PHASE_HEADER]: 'other' }), true)).toBeNull();
    expect(readConfig({ LOCAL_EDGE_ORIGIN: 'http://127.0.0.1:3000' }).localEdgeOrigin).toBe('http://127.0.0.1:3000');
    for (const origin of ['https://site.example', 'http://10.0.0.1:3000', 'not a url', undefined]) {
      expect(readConfig({ LOCAL_EDGE_ORIGIN: origin }).localEdgeOrigin, String(origin)).toBeUndefined();
    }
  });

  it('says a rewrite with the request headers it sets or removes, and the headers of the answer', async () => {
    const headers = new Headers({ 'x-portal-union': '37', 'content-security-policy': "script-src 'nonce-n'" });
    const d = decision(new URL('http://127.0.0.1:3000/visitor/37/benefits'), headers, ['x-portal-union', 'x-portal-path', 'content-security-policy'], {
      'Cache-Control': 'private, no-store',
    });
    expect(d.status).toBe(204);
    expect(d.headers.get(EDGE_REWRITE_HEADER)).toBe('/visitor/37/benefits');
    expect(d.headers.get('x-edge-override-headers')).toBe('x-portal-union,x-portal-path,content-security-policy');
    expect(d.headers.get('x-edge-request-x-portal-union')).toBe('37');
    expect(d.headers.has('x-edge-request-x-portal-path')).toBe(false); // removed
    expect(d.headers.get('cache-control')).toBe('private, no-store');
    expect(await d.text()).toBe('');
    // No rewrite: the edge sends the request on as it came.
    expect(decision(null, headers, ['x-portal-union'], {}).headers.has(EDGE_REWRITE_HEADER)).toBe(false);
  });

  it('makes the function’s rewrite only to the page cache, tagged for the purge', () => {
    const asked = request('/benefits', { [EDGE_PHASE_HEADER]: 'function', [EDGE_REWRITE_HEADER]: '/visitor/37/benefits' });
    const res = functionRewrite(asked, isPageCachePath);
    expect(new URL(res?.headers.get('x-middleware-rewrite') ?? '').pathname).toBe('/visitor/37/benefits');
    expect(res?.headers.get('netlify-cache-tag')).toBe('pages');
    const elsewhere = request('/benefits', { [EDGE_PHASE_HEADER]: 'function', [EDGE_REWRITE_HEADER]: '/account' });
    expect(functionRewrite(elsewhere, isPageCachePath)).toBeNull();
  });
});
