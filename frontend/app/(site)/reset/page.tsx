import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getSessionOrNull } from '@/lib/bff/server';
import { firstParam, type SearchParams } from '@/lib/request';
import { LoginOffline } from '@/components/auth/LoginOffline';
import { ResetPasswordForm, type ResetLink } from '@/components/auth/ResetPasswordForm';
import { PageHero } from '@/components/heroes/PageHero';
import { ForgetSecretParams } from '@/components/shell/ForgetSecretParams';
import styles from '@/components/auth/AuthForm.module.css';

type Props = { searchParams: SearchParams };

export const metadata: Metadata = {
  title: 'Reset Password',
  robots: { index: false, follow: false },
};

/** The emailed link's four parameters, or null when any is missing. */
function resetLink(query: Record<string, string | string[] | undefined>): ResetLink | null {
  const value = (name: keyof ResetLink) => firstParam(query[name])?.trim() || null;
  const apiKey = value('apiKey');
  const lang = value('lang');
  const mode = value('mode');
  const oobCode = value('oobCode');
  if (!apiKey || !lang || !mode || !oobCode) return null;
  // The BFF checks the mode; anything else is answered as an invalid link.
  return { apiKey, lang, mode: mode as ResetLink['mode'], oobCode };
}

/**
 * /reset?apiKey&lang&mode&oobCode, the page a password-reset email links to (spec 1 §2, §4). A
 * member already signed in goes to their account; a link missing a parameter goes home. The form
 * keeps the link it was rendered with, and the code and key leave the address bar at once
 * (ForgetSecretParams; the proxy also answers this page with Referrer-Policy: no-referrer). A
 * reload after that goes home, as the link no longer is in the address: the emailed link still
 * works until it is used.
 */
export default async function ResetPage({ searchParams }: Props) {
  const session = await getSessionOrNull();
  if (session?.user) redirect(`/account/${encodeURIComponent(session.user.uid)}`);
  const link = resetLink(await searchParams);
  if (!link) redirect('/');
  return (
    <>
      <ForgetSecretParams />
      <PageHero
        hero={{
          variant: 'basic',
          headline: 'Reset Your Password',
          description: 'Choose a new password for your account. You will be logged in once it is saved.',
        }}
      />
      <div className={`container ${styles.page}`}>
        <div className={styles.card}>
          {session && !session.loginEnabled ? <LoginOffline session={session} /> : <ResetPasswordForm link={link} />}
        </div>
      </div>
    </>
  );
}
