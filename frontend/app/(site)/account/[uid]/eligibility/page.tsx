import type { Metadata } from 'next';
import { Suspense } from 'react';
import { type AccountPageProps, requireOwnAccount } from '@/lib/accountGuard';
import { getEligibility } from '@/lib/bff/server';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { AccountSection } from '@/components/account/AccountSection';
import { EligibilityTables } from '@/components/eligibility/EligibilityTables';

export const metadata: Metadata = { title: 'Eligibility' };

/**
 * Eligibility (spec 2 §2): which family members, and which places outside the US, each benefit
 * program covers, titled for the member's union. The routing rule runs first (a real redirect);
 * the tables then stream in behind a spinner.
 */
export default async function EligibilityPage({ params }: AccountPageProps) {
  await requireOwnAccount((await params).uid, 'eligibility');
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <Tables />
    </Suspense>
  );
}

async function Tables() {
  const tables = await getEligibility();
  return (
    <AccountSection title={tables.title}>
      <EligibilityTables tables={tables} headingLevel={3} />
    </AccountSection>
  );
}
