// The account area's gate on the server: a real redirect before any of the page is sent.
import { redirect } from 'next/navigation';
import type { Member } from '@/lib/bff/types';
import { getMember } from '@/lib/bff/server';
import { accountRedirect, type AccountTab } from './accountRoutes';
import { requestPath } from './request';
import { loginHref } from './returnTo';

/** The signed-in member; a visitor goes home with the login modal open, to come back here. */
export async function requireMember(): Promise<Member> {
  const member = await getMember();
  if (!member) redirect(loginHref(await requestPath()));
  return member;
}

/** The props of every page under /account/{uid}. */
export type AccountPageProps = { params: Promise<{ uid: string }> };

/**
 * The member whose account /account/{uid} may show, after the routing rule of spec 1 §2 has sent
 * anyone else on. `tab` is undefined in the layout, which cannot see which tab is asked for.
 */
export async function requireOwnAccount(uid: string, tab?: AccountTab): Promise<Member> {
  const member = await getMember();
  const to = accountRedirect(uid, tab, member?.uid ?? null, member ? null : await requestPath());
  if (to) redirect(to);
  return member!;
}
