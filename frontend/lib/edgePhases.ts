// The local stack's edge (bff/internal/dev/edge, nextruntime.go) plays Netlify's Next.js runtime,
// which runs this site's proxy as an edge function in front of the CDN's cache: when the proxy
// rewrites a page load to the page cache, the CDN keeps the answer under the rewritten address,
// and a visitor's next load of it never reaches a function. `next start` runs the proxy and the
// page in one process, so the edge asks for the two steps apart, in headers only it may send:
//   - "middleware": the proxy says what it would do (decide), rendering nothing;
//   - "function": the edge's cache missed; the proxy makes the rewrite the edge names, as the
//     runtime hands the function the rewritten address, and Next renders (or serves) the page.
// On Netlify none of this runs: LOCAL_EDGE_ORIGIN is the stack's, and only a loopback origin
// turns it on (lib/config.ts).
import { NextResponse, type NextRequest } from 'next/server';
import { PAGES_TAG } from './pageCacheRoute';

export const EDGE_PHASE_HEADER = 'x-edge-phase';
export const EDGE_REWRITE_HEADER = 'x-edge-rewrite';
const OVERRIDE_HEADER = 'x-edge-override-headers';
const REQUEST_HEADER_PREFIX = 'x-edge-request-';

export type EdgePhase = 'middleware' | 'function' | null;

/** The step the local edge asks for, or null for a request as Netlify sends it (every request there). */
export function edgePhase(request: NextRequest, localEdge: boolean): EdgePhase {
  if (!localEdge) return null;
  const phase = request.headers.get(EDGE_PHASE_HEADER);
  return phase === 'middleware' || phase === 'function' ? phase : null;
}

/**
 * The proxy's decision for the edge: the rewrite (or none), the request headers it changes (each
 * set, or removed when absent from `headers`), and the headers it adds to the answer, which the edge
 * adds to the page whether it came from its cache or not, as Netlify's runtime adds an edge
 * function's response headers.
 */
export function decision(
  rewrite: URL | null,
  headers: Headers,
  changed: readonly string[],
  responseHeaders: Record<string, string>,
): NextResponse {
  const out = new Headers(responseHeaders);
  if (rewrite) {
    out.set(EDGE_REWRITE_HEADER, rewrite.pathname);
    out.set(OVERRIDE_HEADER, changed.join(','));
    for (const name of changed) {
      const value = headers.get(name);
      if (value !== null) out.set(REQUEST_HEADER_PREFIX + name, value);
    }
  }
  return new NextResponse(null, { status: 204, headers: out });
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
