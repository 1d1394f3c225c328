import type { Metadata } from 'next';
import { requireOwnAccount } from '@/lib/accountGuard';
import { getProfile } from '@/lib/bff/accountServer';
import { AccountSection } from '@/components/account/AccountSection';
import { InterestsForm } from '@/components/account/InterestsForm';

export const metadata: Metadata = { title: 'My Interests' };

type Props = { params: Promise<{ uid: string }> };

/** My Interests: the interests part of the member's stored profile. */
export default async function MyInterestsPage({ params }: Props) {
  await requireOwnAccount((await params).uid, 'interests');
  const { profile } = await getProfile();
  return (
    <AccountSection
      title="My Interests"
      intro={<p>Tell us what matters to you and we will point you to the benefits that help most.</p>}
    >
      <InterestsForm profile={profile} />
    </AccountSection>
  );
}
