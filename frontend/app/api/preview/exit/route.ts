import { draftMode } from 'next/headers';
import type { NextRequest } from 'next/server';
import { PREVIEW_COOKIE, seeOther } from '@/lib/preview';
import { returnPath } from '@/lib/returnTo';

/**
 * 'Exit preview': draft mode off, the preview cookie gone, and back to the published page the
 * editor was on (?path=, a path of this site only: returnPath refuses another host however it is
 * spelled, '/\t/host' included, and control characters a Location header cannot carry).
 */
export async function GET(request: NextRequest): Promise<Response> {
  (await draftMode()).disable();
  const path = returnPath(request.nextUrl.searchParams.get('path'));
  const response = seeOther(path);
  response.cookies.delete(PREVIEW_COOKIE);
  return response;
}
