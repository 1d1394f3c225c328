'use client';

import { useSearchParams } from 'next/navigation';
import type { SignupModalStyle } from '@/lib/bff/types';
import { ModalLink } from '@/components/modals/ModalLink';
import { SIGNUP_PARAMS } from '@/components/modals/modalParam';
import { useSession } from '@/components/session/SessionProvider';
import { AuthModalShell, type AuthModalProps } from './AuthModalShell';
import { LoginOffline } from './LoginOffline';
import { SignupForm } from './SignupForm';
import styles from './AuthModals.module.css';

/**
 * `?modal=signup` or `?modal=register`. Links to login (spec 3 §4). `&complete=1` is the
 * completion mode (after a mailing-list sign-up, whose email and first name come by
 * signupPrefill, never by the address); `&union=` prefills the form, and so does an `&email=` in
 * a link made elsewhere. The
 * form lives only while the modal is open, so every opening starts empty. The editors' custom
 * signup modal (spec 3 §3) adds their icon (70x70) and headline above the title, their picture
 * (1920x1080) behind the dialog, and may move the dialog to the left of the screen.
 */
export function SignupModal({ onClose, dressing }: AuthModalProps & { dressing?: SignupModalStyle }) {
  const { session } = useSession();
  const searchParams = useSearchParams();
  const completing = searchParams.get(SIGNUP_PARAMS.complete) === '1';
  const initial = {
    email: searchParams.get(SIGNUP_PARAMS.email) ?? undefined,
    union: searchParams.get('union') ?? undefined,
  };
  return (
    <AuthModalShell
      name="signup"
      title={completing ? 'Complete Your Account' : 'Create Your Account'}
      intro="Members and their families sign up free with an email address and their union."
      onClose={onClose}
      eyebrow={dressing && (dressing.icon || dressing.headline) && <SignupEyebrow dressing={dressing} />}
      backdrop={dressing?.background}
      placement={dressing?.position === 'left' ? 'left' : 'center'}
      wide
      links={
        <li>
          Already have an account?{' '}
          <ModalLink to="login" className={styles.link}>
            Log in
          </ModalLink>
        </li>
      }
    >
      {session.loginEnabled ? (
        <SignupForm initial={initial} unions={session.visibleUnions} onSignedUp={onClose} />
      ) : (
        <LoginOffline session={session} />
      )}
    </AuthModalShell>
  );
}

function SignupEyebrow({ dressing: { icon, headline } }: { dressing: SignupModalStyle }) {
  return (
    <div className={styles.eyebrow}>
      {icon && (
        // eslint-disable-next-line @next/next/no-img-element -- a CMS file at its own size, from any host: the deployment runs no image optimizer
        <img className={styles.eyebrowIcon} src={icon.url} alt={icon.alt} width={70} height={70} decoding="async" />
      )}
      {headline && <p className={styles.eyebrowHeadline}>{headline}</p>}
    </div>
  );
}
