import type { Metadata } from 'next';
import { type AccountPageProps, requireOwnAccount } from '@/lib/accountGuard';
import { getProfile, getSession } from '@/lib/bff/server';
import { AccountIntro, StreamedAccountSection } from '@/components/account/AccountSection';
import { ProfileForm } from '@/components/account/ProfileForm';

export const metadata: Metadata = { title: 'My Profile' };

/** My Profile: the routing rule first (a real redirect), then the form as the profile arrives. */
export default async function MyProfilePage({ params }: AccountPageProps) {
  const member = await requireOwnAccount((await params).uid, 'profile');
  return (
    <StreamedAccountSection title="My Profile">
      <StoredProfileForm uid={member.uid} />
    </StreamedAccountSection>
  );
}

async function StoredProfileForm({ uid }: { uid: string }) {
  const [stored, session] = await Promise.all([getProfile(), getSession()]);
  return (
    <>
      {/* The editors' intro (union_structure_profile), else ours. */}
      <AccountIntro html={stored.texts?.intro} fallback="Keep your details up to date so we can show you the benefits that fit." />
      <ProfileForm stored={stored} unions={session.visibleUnions} uid={uid} thisYear={new Date().getFullYear()} />
    </>
  );
}
