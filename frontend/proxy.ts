import { NextResponse, type NextRequest } from 'next/server';
import { UNION_COOKIE, UNION_HEADER, UNION_COOKIE_MAX_AGE, cleanUnion } from '@/lib/union';

/**
 * Union personalisation (spec 1 §2): `?union=` on any route sets the visitor's union and keeps it
 * in a cookie; later requests carry the cookie. Either way the union reaches the server
 * components as one request header, so the layout (menus) and the page agree on it in the same
 * request that set it. Only a well-formed union name gets that far, from the query or the cookie
 * alike (it becomes part of cache keys); the BFF decides whether it names a union: an unknown one
 * means the site's fallback.
 */
export function proxy(request: NextRequest) {
  const chosen = cleanUnion(request.nextUrl.searchParams.get('union'));
  const union = chosen ?? cleanUnion(request.cookies.get(UNION_COOKIE)?.value);

  const headers = new Headers(request.headers);
  headers.delete(UNION_HEADER); // only this proxy may say which union a request is for
  if (union) headers.set(UNION_HEADER, union);
  const response = NextResponse.next({ request: { headers } });
  if (chosen) {
    response.cookies.set(UNION_COOKIE, chosen, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.nextUrl.protocol === 'https:',
      path: '/',
      maxAge: UNION_COOKIE_MAX_AGE,
    });
  }
  return response;
}

export const config = {
  // Pages only: not the BFF's API, Next's assets or files with an extension.
  matcher: ['/((?!api/|_next/|.*\\.[a-z0-9]+$).*)'],
};
