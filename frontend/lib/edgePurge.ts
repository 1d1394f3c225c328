// Purging the CDN's copies of the pages a publish changed. On Netlify, revalidateTag does it: the
// Next.js runtime's cache handler calls the platform's purge API with the same tags
// (run/handlers/tags-handler.cts, purgeEdgeCache). The local stack has no such runtime, so its
// edge takes the same request itself (bff/internal/dev/edge, PurgePath): the body of Netlify's
// purge API, with the token of NETLIFY_PURGE_API_TOKEN.
import { config } from './config';

/** The local edge's purge API, under Netlify's own prefix (no page of the site can be there). */
const PURGE_PATH = '/.netlify/purge';

/** Drops the local edge's answers carrying any of tags; nothing off the local stack. */
export async function purgeLocalEdge(tags: readonly string[]): Promise<void> {
  if (!config.localEdgeOrigin) return;
  const response = await fetch(config.localEdgeOrigin + PURGE_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.purgeToken ?? ''}` },
    body: JSON.stringify({ cache_tags: tags }),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`the local edge refused the purge: ${response.status}`);
}
