import type { Metadata } from 'next';
import { requireOwnAccount } from '@/lib/accountGuard';
import { getProfile } from '@/lib/bff/accountServer';
import { getSession } from '@/lib/bff/session';
import { AccountSection } from '@/components/account/AccountSection';
import { ProfileForm } from '@/components/account/ProfileForm';

export const metadata: Metadata = { title: 'My Profile' };

type Props = { params: Promise<{ uid: string }> };

/** My Profile: the form, filled from the member's stored profile. */
export default async function MyProfilePage({ params }: Props) {
  const member = await requireOwnAccount((await params).uid, 'profile');
  const [stored, session] = await Promise.all([getProfile(), getSession()]);
  return (
    <AccountSection title="My Profile" intro={<p>Keep your details up to date so we can show you the benefits that fit.</p>}>
      <ProfileForm
        stored={stored}
        unions={session.visibleUnions}
        uid={member.uid}
        thisYear={new Date().getFullYear()}
      />
    </AccountSection>
  );
}
