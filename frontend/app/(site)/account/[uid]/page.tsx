import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { type AccountPageProps, requireOwnAccount } from '@/lib/accountGuard';
import { FAVORITES_HREF } from '@/lib/accountRoutes';
import { getMyBenefits } from '@/lib/bff/server';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { BenefitCards } from '@/components/favorites/BenefitCards';
import { AccountSection } from '@/components/account/AccountSection';
import { EmptyState } from '@/components/common/EmptyState';
import styles from '@/components/account/AccountSection.module.css';

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
      <MyBenefits />
    </Suspense>
  );
}

/** The benefits of the member's union, hardship help apart, each with its heart. */
async function MyBenefits() {
  const { other, hardship } = await getMyBenefits();
  if (other.length === 0 && hardship.length === 0) {
    return (
      <AccountSection title="My Benefits">
        <EmptyState>There are no benefits for your union yet. Please check back soon.</EmptyState>
      </AccountSection>
    );
  }
  return (
    <div className={styles.cards}>
      <p className={`container ${styles.note}`}>
        Tap the heart on a benefit to keep it in <Link href={FAVORITES_HREF}>My Favorites</Link>.
      </p>
      <BenefitCards title="My Benefits" cards={other} />
      <BenefitCards title="Hardship Help" cards={hardship} />
    </div>
  );
}
