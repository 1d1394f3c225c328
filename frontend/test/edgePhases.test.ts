import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { readConfig } from '@/lib/config';
import { EDGE_PHASE_HEADER, EDGE_REWRITE_HEADER, edgePhase, functionRewrite } from '@/lib/edgePhases';
import { isPageCachePath } from '@/lib/pageCacheRoute';

// lib/edgePhases.ts: when the local edge's cache misses a page the proxy (run as an edge function)
// rewrote, it names that rewrite to Next, which runs the proxy again. Only the stack's edge may.

const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(new URL(path, 'http://127.0.0.1:3000'), { headers });

describe('the function’s step for the local edge', () => {
  it('is asked only where the stack named its edge, and only on a loopback origin', () => {
    const asked = request('/', { [EDGE_PHASE_HEADER]: 'function' });
    expect(edgePhase(asked, false)).toBeNull();
    expect(edgePhase(asked, true)).toBe('function');
    expect(edgePhase(request('/', { [EDGE_PHASE_HEADER]: 'middleware' }), true)).toBeNull();
    expect(readConfig({ LOCAL_EDGE_ORIGIN: 'http://127.0.0.1:3000' }).localEdgeOrigin).toBe('http://127.0.0.1:3000');
    for (const origin of ['https://site.example', 'http://10.0.0.1:3000', 'not a url', undefined]) {
      expect(readConfig({ LOCAL_EDGE_ORIGIN: origin }).localEdgeOrigin, String(origin)).toBeUndefined();
    }
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
