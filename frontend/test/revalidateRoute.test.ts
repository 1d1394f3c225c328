import { beforeEach, describe, expect, it, vi } from 'vitest';

const revalidateTag = vi.fn();
vi.mock('next/cache', () => ({ revalidateTag }));
const purgeLocalEdge = vi.fn(async () => {});
vi.mock('@/lib/config', () => ({ config: { bffUrl: 'http://bff.test', revalidateSecret: 'top-secret' } }));
vi.mock('@/lib/edgePurge', () => ({ purgeLocalEdge }));

const { POST } = await import('@/app/api/revalidate/route');

function post(body: unknown, authorization?: string) {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (authorization) headers.set('Authorization', authorization);
  return POST(
    new Request('http://localhost/api/revalidate', {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

beforeEach(() => {
  revalidateTag.mockClear();
  purgeLocalEdge.mockClear();
});

describe('POST /api/revalidate', () => {
  it('refuses a request without the bearer secret', async () => {
    const res = await post({ tags: ['site'] });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('purges the CDN’s copies of the pages after Next’s own (the local edge; Netlify’s runtime does it in revalidateTag)', async () => {
    const res = await post({ tags: ['node:1072'] }, 'Bearer top-secret');
    expect(res.status).toBe(200);
    expect(purgeLocalEdge).toHaveBeenCalledWith(['pages']);
    expect(purgeLocalEdge.mock.invocationCallOrder[0]).toBeGreaterThan(Math.max(...revalidateTag.mock.invocationCallOrder));
    await post({ tags: ['site'] }, 'Bearer nope');
    expect(purgeLocalEdge).toHaveBeenCalledTimes(1);
  });

  it('refuses a wrong secret', async () => {
    const res = await post({ tags: ['site'] }, 'Bearer nope');
    expect(res.status).toBe(401);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('expires each tag at once and lists them, and the page cache with them', async () => {
    const res = await post({ tags: ['site', 'node:1072', 'site'] }, 'Bearer top-secret');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revalidated: ['site', 'node:1072'] });
    expect(revalidateTag.mock.calls).toEqual([
      ['site', { expire: 0 }],
      ['node:1072', { expire: 0 }],
      // Any publish may change any cached page (lib/pageCache.ts).
      ['pages', { expire: 0 }],
    ]);
  });

  it.each([['not json'], [{}], [{ tags: [] }], [{ tags: [1] }], [{ tags: [''] }]])(
    'answers 400 to a bad body %j',
    async (body) => {
      const res = await post(body, 'Bearer top-secret');
      expect(res.status).toBe(400);
      expect(revalidateTag).not.toHaveBeenCalled();
    },
  );
});
