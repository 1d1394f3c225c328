import { draftMode } from 'next/headers';
import type { NextRequest } from 'next/server';
import { getPreviewPage } from '@/lib/bff/server';
import { PREVIEW_COOKIE, linkToken, refusalReason, seeOther } from '@/lib/preview';
import { returnPath } from '@/lib/returnTo';

/** Secure everywhere but on this machine (the Host the browser reached), where the stack serves plain http. */
function secureCookie(request: NextRequest): boolean {
  const host = (request.headers.get('host') ?? '').replace(/:\d+$/, '');
  return !['localhost', '127.0.0.1', '[::1]'].includes(host);
}

/**
 * An editor opens a preview link from the CMS: /api/preview?path=&node=&rev=&exp=&sig=. The BFF
 * checks it (it holds the secret) by answering the draft; only then is Next's draft mode turned
 * on and the link kept in an HttpOnly cookie until it expires, and the editor lands on the page.
 * A refused link lands on a page that says why.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const token = linkToken(request.nextUrl.searchParams);
  try {
    await getPreviewPage(token);
  } catch (error) {
    const reason = refusalReason(error);
    if (!reason) throw error;
    return seeOther(`/preview/refused?reason=${reason}`);
  }
  const params = new URLSearchParams(token);
  (await draftMode()).enable();
  const response = seeOther(returnPath(params.get('path')));
  const secondsLeft = Number(params.get('exp')) - Math.floor(Date.now() / 1000);
  response.cookies.set(PREVIEW_COOKIE, token, {
    httpOnly: true,
    // Lax: the editor arrives from the CMS, another site, and the redirect that follows must carry it.
    sameSite: 'lax',
    secure: secureCookie(request),
    path: '/',
    maxAge: Math.max(0, secondsLeft),
  });
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return response;
}
