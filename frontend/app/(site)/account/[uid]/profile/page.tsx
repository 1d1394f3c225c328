import type { Metadata } from 'next';
import { Suspense } from 'react';
import { requireOwnAccount } from '@/lib/accountGuard';
import { getProfile, getSession } from '@/lib/bff/server';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { AccountSection } from '@/components/account/AccountSection';
import { ProfileForm } from '@/components/account/ProfileForm';

export const metadata: Metadata = { title: 'My Profile' };

type Props = { params: Promise<{ uid: string }> };

/** My Profile: the routing rule first (a real redirect), then the form as the profile arrives. */
export default async function MyProfilePage({ params }: Props) {
  const member = await requireOwnAccount((await params).uid, 'profile');
  return (
    <AccountSection title="My Profile" intro={<p>Keep your details up to date so we can show you the benefits that fit.</p>}>
      <Suspense fallback={<LoadingIndicator />}>
        <StoredProfileForm uid={member.uid} />
      </Suspense>
    </AccountSection>
  );
}

async function StoredProfileForm({ uid }: { uid: string }) {
  const [stored, session] = await Promise.all([getProfile(), getSession()]);
  return (
    <ProfileForm stored={stored} unions={session.visibleUnions} uid={uid} thisYear={new Date().getFullYear()} />
  );
}
