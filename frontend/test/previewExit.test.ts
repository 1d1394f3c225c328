// @vitest-environment node
// 'Exit preview' goes back to a page of this site, whatever ?path= says (a security review found
// `/%09/other.host/` sent the editor to another site, the browser dropping the tab, and
// `/%0d/x` answered 500).
import { describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';

vi.mock('next/headers', () => ({ draftMode: async () => ({ disable: () => undefined }) }));

const { GET } = await import('@/app/api/preview/exit/route');

async function exitTo(path: string): Promise<{ status: number; location: string | null; cookie: string | null }> {
  const res = await GET(new NextRequest(`http://127.0.0.1:3000/api/preview/exit?path=${path}`));
  return { status: res.status, location: res.headers.get('location'), cookie: res.headers.get('set-cookie') };
}

describe('exit preview', () => {
  it('goes back to the page the editor was on, and drops the preview cookie', async () => {
    const res = await exitTo('/benefits/wireless');
    expect(res).toMatchObject({ status: 303, location: '/benefits/wireless' });
    expect(res.cookie).toContain('up_preview=;');
  });

  it.each(['/%09/other.host/', '/%0d/x', '//other.host', '/%5Cother.host', 'https://other.host/', '/.//other.host'])(
    'goes home, never elsewhere and never a 500, for %s',
    async (path) => {
      expect(await exitTo(path)).toMatchObject({ status: 303, location: '/' });
    },
  );
});
