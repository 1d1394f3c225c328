import { createHash, timingSafeEqual } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { config } from '@/lib/config';
import { PAGES_TAG } from '@/lib/pageCacheRoute';
import { purgeLocalEdge } from '@/lib/edgePurge';

/** Next's limit on a cache tag's length; longer tags are never stored, so never worth expiring. */
const MAX_TAG_LENGTH = 256;
// Above the BFF's own webhook limit (200 CMS tags plus "site"), so a valid purge always passes.
const MAX_TAGS = 256;

function problem(status: number, title: string, code: string, detail?: string): Response {
  return Response.json(
    { type: 'about:blank', title, status, code, ...(detail ? { detail } : {}) },
    { status, headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' } },
  );
}

/** Compares digests so the check takes the same time however much of the secret was guessed. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function isAuthorized(header: string | null): boolean {
  const secret = config.revalidateSecret;
  // Without a configured secret the hook is off: nobody can expire our caches.
  if (!secret || !header?.startsWith('Bearer ')) return false;
  return sameSecret(header.slice('Bearer '.length), secret);
}

function readTags(body: unknown): string[] | null {
  if (typeof body !== 'object' || body === null || !('tags' in body)) return null;
  const { tags } = body;
  if (!Array.isArray(tags) || tags.length === 0 || tags.length > MAX_TAGS) return null;
  const valid = tags.every((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= MAX_TAG_LENGTH);
  return valid ? (tags as string[]) : null;
}

/**
 * Called by the BFF after a CMS publish: expires the given cache tags at once, so the editor's
 * change shows on the next request rather than after the revalidate window.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isAuthorized(request.headers.get('authorization'))) {
    return problem(401, 'Unauthorized', 'unauthenticated');
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return problem(400, 'Bad Request', 'invalid', 'The body must be JSON.');
  }
  const tags = readTags(body);
  if (!tags) {
    return problem(400, 'Bad Request', 'invalid', `Expected {"tags": [...]} with 1 to ${MAX_TAGS} non-empty strings.`);
  }
  const unique = [...new Set(tags)];
  // Every publish also expires the page cache (lib/pageCache.ts): a cached page is built from
  // many CMS items (its own, menus, lists, teasers), so any of them may have changed it.
  for (const tag of [...unique, PAGES_TAG]) {
    // expire 0: a webhook cannot use updateTag, and editors expect to see the change on next load.
    revalidateTag(tag, { expire: 0 });
  }
  // Then the CDN's copies, after Next's (a copy fetched in between would be the old page again).
  // On Netlify the runtime purged them inside revalidateTag; the local edge is told here.
  await purgeLocalEdge([PAGES_TAG]);
  return Response.json({ revalidated: unique }, { headers: { 'Cache-Control': 'no-store' } });
}
