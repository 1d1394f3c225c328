import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { requireOwnAccount } from '@/lib/accountGuard';
import { QueryScope } from '@/lib/query/QueryScope';
import { PageHero } from '@/components/heroes/PageHero';
import { AccountTabs } from '@/components/account/AccountTabs';

export const metadata: Metadata = {
  title: 'My Account',
  robots: { index: false, follow: false },
};

type Props = { children: ReactNode; params: Promise<{ uid: string }> };

/**
 * The account area (spec 1 §2): members only, and only one's own. The hero and its tabs always
 * use the member's own uid, whatever the address said.
 */
export default async function AccountLayout({ children, params }: Props) {
  const member = await requireOwnAccount((await params).uid);
  const greeting = member.firstName ? `Welcome back, ${member.firstName}.` : undefined;
  return (
    <>
      <PageHero hero={{ variant: 'basic', headline: 'My Account', description: greeting }} />
      <AccountTabs uid={member.uid} />
      {/* Every account page reads queries from its first render (orders, cases, connected sites). */}
      <QueryScope>{children}</QueryScope>
    </>
  );
}
