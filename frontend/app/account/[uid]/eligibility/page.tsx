import type { Metadata } from 'next';
import Link from 'next/link';
import { requireOwnAccount } from '@/lib/accountGuard';
import { AccountSection } from '@/components/account/AccountSection';

export const metadata: Metadata = { title: 'Eligibility' };

type Props = { params: Promise<{ uid: string }> };

/** Eligibility (spec 2): which benefits the member and their family can use. The tables come with the grants work. */
export default async function EligibilityPage({ params }: Props) {
  await requireOwnAccount((await params).uid, 'eligibility');
  return (
    <AccountSection
      title="Eligibility"
      intro={
        <p>
          Your eligibility for each benefit will be shown here. Until then, see{' '}
          <Link href="/union-member-eligibility">benefit eligibility for your union</Link>.
        </p>
      }
    />
  );
}
