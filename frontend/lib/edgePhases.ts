// The local stack's edge (bff/internal/dev/edge, nextruntime.go) plays Netlify's Next.js runtime,
// which runs this site's proxy as an edge function in front of the CDN's cache: when the proxy
// rewrites a page load to the page cache, the CDN keeps the answer under the rewritten address,
// and a visitor's next load of it never reaches a function. The stack runs the proxy the same way,
// on its own (scripts/edge-function.cjs), and the edge reads its answer as the runtime does. But
// where Netlify's function runs no proxy, `next start` runs it again on every request; so when its
// cache misses, the edge names the rewrite it made, in headers only it may send ("function"), and
// the proxy makes that one rewrite, as the runtime hands the function the rewritten address.
// On Netlify none of this runs: LOCAL_EDGE_ORIGIN is the stack's, and only a loopback origin
// turns it on (lib/config.ts).
import { NextResponse, type NextRequest } from 'next/server';
import { PAGES_TAG } from './pageCacheRoute';

export const EDGE_PHASE_HEADER = 'x-edge-phase';
export const EDGE_REWRITE_HEADER = 'x-edge-rewrite';

export type EdgePhase = 'function' | null;

/** The step the local edge asks for, or null for a request as Netlify sends it (every request there). */
export function edgePhase(request: NextRequest, localEdge: boolean): EdgePhase {
  if (!localEdge) return null;
  return request.headers.get(EDGE_PHASE_HEADER) === 'function' ? 'function' : null;
}

/**
 * The function's step: the rewrite the edge decided (with the proxy's request headers already
 * applied by the edge). The page cache's cache tag goes on the answer for the edge to purge by:
 * on Netlify the runtime takes the same tag from the page's own cache entry, which `next start`
 * does not show.
 */
export function functionRewrite(request: NextRequest, isPageCachePath: (path: string) => boolean): NextResponse | null {
  const target = request.headers.get(EDGE_REWRITE_HEADER);
  if (!target || !isPageCachePath(target)) return null;
  const headers = new Headers(request.headers);
  headers.delete(EDGE_PHASE_HEADER);
  headers.delete(EDGE_REWRITE_HEADER);
  const response = NextResponse.rewrite(new URL(target, request.url), { request: { headers } });
  response.headers.set('Netlify-Cache-Tag', PAGES_TAG);
  return response;
}
