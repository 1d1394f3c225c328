import type { Metadata } from 'next';
import { type AccountPageProps, requireOwnAccount } from '@/lib/accountGuard';
import { getProfile } from '@/lib/bff/server';
import { AccountIntro, StreamedAccountSection } from '@/components/account/AccountSection';
import { InterestsForm } from '@/components/account/InterestsForm';

export const metadata: Metadata = { title: 'My Interests' };

/** My Interests: the routing rule first (a real redirect), then the form as the profile arrives. */
export default async function MyInterestsPage({ params }: AccountPageProps) {
  await requireOwnAccount((await params).uid, 'interests');
  return (
    <StreamedAccountSection title="My Interests">
      <StoredInterestsForm />
    </StreamedAccountSection>
  );
}

async function StoredInterestsForm() {
  const { profile, texts } = await getProfile();
  return (
    <>
      {/* The editors' intro (union_structure_profile), else ours. */}
      <AccountIntro html={texts?.interestsIntro} fallback="Tell us what matters to you and we will point you to the benefits that help most." />
      <InterestsForm profile={profile} />
    </>
  );
}
