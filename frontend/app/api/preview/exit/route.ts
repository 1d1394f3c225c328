import { draftMode } from 'next/headers';
import { NextResponse, type NextRequest } from 'next/server';
import { PREVIEW_COOKIE, samePath } from '@/lib/preview';

/**
 * 'Exit preview': draft mode off, the preview cookie gone, and back to the published page the
 * editor was on (?path=, a path of this site only).
 */
export async function GET(request: NextRequest): Promise<Response> {
  (await draftMode()).disable();
  const path = samePath(request.nextUrl.searchParams.get('path'));
  const response = NextResponse.redirect(new URL(path, request.nextUrl.origin), 303);
  response.cookies.delete(PREVIEW_COOKIE);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
