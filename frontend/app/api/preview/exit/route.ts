import { draftMode } from 'next/headers';
import type { NextRequest } from 'next/server';
import { PREVIEW_COOKIE, samePath, seeOther } from '@/lib/preview';

/**
 * 'Exit preview': draft mode off, the preview cookie gone, and back to the published page the
 * editor was on (?path=, a path of this site only).
 */
export async function GET(request: NextRequest): Promise<Response> {
  (await draftMode()).disable();
  const path = samePath(request.nextUrl.searchParams.get('path'));
  const response = seeOther(path);
  response.cookies.delete(PREVIEW_COOKIE);
  return response;
}
