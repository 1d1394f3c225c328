import { draftMode } from 'next/headers';
import { NextResponse, type NextRequest } from 'next/server';
import { getPreviewPage } from '@/lib/bff/server';
import { PREVIEW_COOKIE, linkToken, refusalReason, samePath } from '@/lib/preview';

/** Secure everywhere but on this machine, where the stack serves plain http. */
function secureCookie(request: NextRequest): boolean {
  return !['localhost', '127.0.0.1', '[::1]'].includes(request.nextUrl.hostname);
}

/** A same-site address on the host the editor reached (never the server's own idea of it). */
function siteUrl(request: NextRequest, path: string): URL {
  return new URL(path, request.nextUrl.origin);
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
    return NextResponse.redirect(siteUrl(request, `/preview/refused?reason=${reason}`), 303);
  }
  const params = new URLSearchParams(token);
  (await draftMode()).enable();
  const response = NextResponse.redirect(siteUrl(request, samePath(params.get('path'))), 303);
  const secondsLeft = Number(params.get('exp')) - Math.floor(Date.now() / 1000);
  response.cookies.set(PREVIEW_COOKIE, token, {
    httpOnly: true,
    // Lax: the editor arrives from the CMS, another site, and the redirect that follows must carry it.
    sameSite: 'lax',
    secure: secureCookie(request),
    path: '/',
    maxAge: Math.max(0, secondsLeft),
  });
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return response;
}
