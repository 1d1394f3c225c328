import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { getSessionOrNull } from '@/lib/bff/server';
import { firstParam, type SearchParams } from '@/lib/request';
import { message } from '@/lib/accounts';
import { continuePath } from '@/lib/returnTo';
import { EmailAction, type EmailActionLink } from '@/components/auth/EmailAction';
import { LoginOffline } from '@/components/auth/LoginOffline';
import { FormAlert } from '@/components/forms/fields';
import { ResetPasswordForm, type ResetLink } from '@/components/auth/ResetPasswordForm';
import { PageHero } from '@/components/heroes/PageHero';
import { ForgetSecretParams } from '@/components/shell/ForgetSecretParams';
import styles from '@/components/auth/AuthForm.module.css';

type Props = { searchParams: SearchParams };

/** Titled by what the link does; never indexed (a link's page holds nothing for a search engine). */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const mode = firstParam((await searchParams).mode) ?? '';
  return {
    title: isEmailAction(mode) ? EMAIL_ACTION_TITLES[mode] : 'Reset Password',
    robots: { index: false, follow: false },
  };
}

type Query = Record<string, string | string[] | undefined>;

/** The emailed link's four parameters, or null when any is missing. */
function emailedLink(query: Query): { apiKey: string; lang: string; mode: string; oobCode: string } | null {
  const value = (name: keyof ResetLink) => firstParam(query[name])?.trim() || null;
  const apiKey = value('apiKey');
  const lang = value('lang');
  const mode = value('mode');
  const oobCode = value('oobCode');
  if (!apiKey || !lang || !mode || !oobCode) return null;
  return { apiKey, lang, mode, oobCode };
}

/**
 * The page's title for each mode EmailAction handles. Kept here, on the server: a value exported
 * from a client module is only a reference in a server component.
 */
const EMAIL_ACTION_TITLES: Record<EmailActionLink['mode'], string> = {
  verifyEmail: 'Verify Your Email',
  recoverEmail: 'Restore Your Email',
};

const isEmailAction = (mode: string): mode is EmailActionLink['mode'] => Object.hasOwn(EMAIL_ACTION_TITLES, mode);

/**
 * /reset?apiKey&lang&mode&oobCode, the page Firebase's emails link to (spec 1 §2, §4). Firebase has
 * one action URL for every kind of link, so the page goes by `mode`:
 * - resetPassword: the new-password form. A member already signed in goes to their account.
 * - verifyEmail, recoverEmail: the link is followed at once (EmailAction), signed in or not; a
 *   verification's continueUrl (spec 1 §7 {url}) is where the page offers to go back to.
 * - anything else: the link is refused.
 * A link missing a parameter goes home. The page keeps the link it was rendered with, and the code
 * and key leave the address bar at once (ForgetSecretParams; the proxy also answers this page
 * with Referrer-Policy: no-referrer). A reload after that goes home, as the link no longer is in
 * the address: an emailed link still works until it is used.
 */
export default async function ResetPage({ searchParams }: Props) {
  const query = await searchParams;
  const emailed = emailedLink(query);
  if (emailed && isEmailAction(emailed.mode)) {
    const link = { ...emailed, mode: emailed.mode };
    return (
      <Frame headline={EMAIL_ACTION_TITLES[link.mode]} description="">
        <EmailAction link={link} returnTo={continuePath(firstParam(query.continueUrl))} />
      </Frame>
    );
  }
  const session = await getSessionOrNull();
  if (session?.user) redirect(`/account/${encodeURIComponent(session.user.uid)}`);
  if (!emailed) redirect('/');
  if (emailed.mode !== 'resetPassword') {
    return (
      <Frame headline="Reset Your Password" description="">
        <FormAlert message={message('actionLinkInvalid')} />
      </Frame>
    );
  }
  const link: ResetLink = { ...emailed, mode: 'resetPassword' };
  return (
    <Frame
      headline="Reset Your Password"
      description="Choose a new password for your account. You will be logged in once it is saved."
    >
      {session && !session.loginEnabled ? <LoginOffline session={session} /> : <ResetPasswordForm link={link} />}
    </Frame>
  );
}

/** The page's hero and card. */
function Frame({ headline, description, children }: { headline: string; description: string; children: ReactNode }) {
  return (
    <>
      <ForgetSecretParams />
      <PageHero hero={{ variant: 'basic', headline, description }} />
      <div className={`container ${styles.page}`}>
        <div className={styles.card}>{children}</div>
      </div>
    </>
  );
}
