// Editor preview of unpublished drafts (Next's draft mode). The BFF holds the secret that signs
// preview links and checks a link on every request for a draft; this side only carries the link
// in an HttpOnly cookie and draws what the BFF answers. Server side only.
import 'server-only';
import { cookies, draftMode } from 'next/headers';
import { NextResponse } from 'next/server';
import { BffError } from './bff/error';
import { getPreviewPage } from './bff/server';
import type { PageResult } from './bff/types';

/** The cookie that carries the editor's preview link (its query string) while draft mode is on. */
export const PREVIEW_COOKIE = 'up_preview';

/** Why a link was refused, from the field the BFF's 403 names; anything else reads as 'invalid'. */
export type RefusalReason = 'expired' | 'invalid' | 'other-page' | 'gone';

const REASONS: Record<string, RefusalReason> = { exp: 'expired', sig: 'invalid', node: 'other-page', rev: 'gone' };

/** The reason a preview request was refused, when it was (a 403 or 400 from the BFF). */
export function refusalReason(error: unknown): RefusalReason | null {
  if (!(error instanceof BffError) || (error.status !== 403 && error.status !== 400)) return null;
  const field = Object.keys(error.fields)[0];
  return (field && REASONS[field]) || 'invalid';
}

/** A preview link's fields, as the CMS signs them; the token is their query string. */
export const LINK_FIELDS = ['path', 'node', 'rev', 'exp', 'sig'] as const;

/** The token of a preview link's search parameters: the signed fields only, in a fixed order. */
export function linkToken(params: URLSearchParams): string {
  const token = new URLSearchParams();
  for (const field of LINK_FIELDS) token.set(field, params.get(field) ?? '');
  return token.toString();
}

/**
 * A redirect to a path of this site. The Location stays relative, so the browser stays on the host
 * it reached (the preview cookies are that host's); Next's own idea of its origin may be another.
 */
export function seeOther(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { Location: path, 'Cache-Control': 'no-store' } });
}

/**
 * The draft of the page at `path`, when this request is an editor's preview of that page: draft
 * mode is on and the preview cookie names this path. Null otherwise, and when the BFF no longer
 * accepts the link (it expired while the editor browsed): they see the published page, without
 * the preview banner, which is what the site shows everyone.
 */
export async function loadPreview(path: string, union: string | undefined): Promise<PageResult | null> {
  if (!(await draftMode()).isEnabled) return null;
  const token = (await cookies()).get(PREVIEW_COOKIE)?.value;
  if (!token || new URLSearchParams(token).get('path') !== path) return null;
  try {
    return await getPreviewPage(token, union);
  } catch (error) {
    if (refusalReason(error)) return null;
    throw error;
  }
}
