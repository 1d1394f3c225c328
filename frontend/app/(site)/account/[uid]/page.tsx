import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { type AccountPageProps, requireOwnAccount } from '@/lib/accountGuard';
import { FAVORITES_HREF } from '@/lib/accountRoutes';
import { getMyBenefits } from '@/lib/bff/server';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { MyBenefits } from '@/components/favorites/MyBenefits';
import { AccountSection } from '@/components/account/AccountSection';
import { EmptyState } from '@/components/common/EmptyState';

export const metadata: Metadata = { title: 'My Benefits' };

/**
 * My Benefits, the account's index. The routing rule runs before anything is sent, so it answers
 * with a real redirect; the benefits then stream in behind a spinner (the pattern of every tab
 * with data: a loading.tsx would wrap the rule too and turn its redirect into a streamed one).
 */
export default async function MyBenefitsPage({ params }: AccountPageProps) {
  await requireOwnAccount((await params).uid, 'benefits');
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <MyBenefitsList />
    </Suspense>
  );
}

/** The benefits of the member's union, to search and filter by category, each with its heart. */
async function MyBenefitsList() {
  const benefits = await getMyBenefits();
  const empty = benefits.other.length === 0 && benefits.hardship.length === 0;
  return (
    <AccountSection
      title="My Benefits"
      intro={
        !empty && (
          <p>
            Tap the heart on a benefit to keep it in <Link href={FAVORITES_HREF}>My Favorites</Link>.
          </p>
        )
      }
    >
      {empty ? (
        <EmptyState>There are no benefits for your union yet. Please check back soon.</EmptyState>
      ) : (
        <MyBenefits benefits={benefits} />
      )}
    </AccountSection>
  );
}
