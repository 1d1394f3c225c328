import type { Metadata } from 'next';
import { Suspense } from 'react';
import { requireOwnAccount } from '@/lib/accountGuard';
import { getProfile } from '@/lib/bff/server';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { AccountSection } from '@/components/account/AccountSection';
import { InterestsForm } from '@/components/account/InterestsForm';

export const metadata: Metadata = { title: 'My Interests' };

type Props = { params: Promise<{ uid: string }> };

/** My Interests: the routing rule first (a real redirect), then the form as the profile arrives. */
export default async function MyInterestsPage({ params }: Props) {
  await requireOwnAccount((await params).uid, 'interests');
  return (
    <AccountSection
      title="My Interests"
      intro={<p>Tell us what matters to you and we will point you to the benefits that help most.</p>}
    >
      <Suspense fallback={<LoadingIndicator />}>
        <StoredInterestsForm />
      </Suspense>
    </AccountSection>
  );
}

async function StoredInterestsForm() {
  const { profile } = await getProfile();
  return <InterestsForm profile={profile} />;
}
