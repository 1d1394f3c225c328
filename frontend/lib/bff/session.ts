// The session on the server side: server components forward the browser's session cookie to the
// BFF, which alone can read it (HttpOnly), so pages are shaped for the signed-in member.
import { cookies } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import type { Session } from './account';
import { getJson } from './client';

/** The BFF's session cookie (set and cleared only by the BFF, through the /api/v1 rewrite). */
export const SESSION_COOKIE = 'session';

/** The Cookie header that carries the reader's session to the BFF; empty for a visitor. */
export async function sessionHeaders(): Promise<Record<string, string>> {
  const session = (await cookies()).get(SESSION_COOKIE);
  return session ? { Cookie: `${SESSION_COOKIE}=${session.value}` } : {};
}

/** The reader's session, once per request; a visitor's answer needs no BFF call beyond this one. */
export const getSession = cache(
  async (): Promise<Session> => getJson<Session>('/api/v1/session', { cache: 'no-store', headers: await sessionHeaders() }),
);

/** The signed-in member, or null. */
export async function getMember() {
  return (await getSession()).user ?? null;
}

/**
 * The reader's session, or null when the BFF cannot say: the layout and the pages that only
 * adapt to the reader must still render (for a visitor; the browser then asks again).
 */
export async function getSessionOrNull(): Promise<Session | null> {
  try {
    return await getSession();
  } catch (error) {
    // Next signals a dynamic render by throwing; that is not a failure to swallow.
    unstable_rethrow(error);
    console.error('session unavailable', error);
    return null;
  }
}
