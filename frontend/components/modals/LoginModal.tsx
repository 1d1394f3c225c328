'use client';

import { LoginForm } from '@/components/auth/LoginForm';
import { LoginOffline } from '@/components/auth/LoginOffline';
import { useSession } from '@/components/session/SessionProvider';
import { AuthModalShell, type AuthModalProps } from './AuthModalShell';
import { ModalLink } from './ModalLink';
import styles from './AuthModals.module.css';

/** `?modal=login` or `?modal=signin`. Links to reset and signup (spec 3 §4). */
export function LoginModal({ onClose }: AuthModalProps) {
  const { session } = useSession();
  return (
    <AuthModalShell
      name="login"
      title="Log In"
      intro="Sign in with your member email address and password to see the benefits of your union."
      onClose={onClose}
      links={
        <>
          <li>
            <ModalLink to="reset" className={styles.link}>
              Forgot your password?
            </ModalLink>
          </li>
          <li>
            New here?{' '}
            <ModalLink to="signup" className={styles.link}>
              Create your account
            </ModalLink>
          </li>
        </>
      }
    >
      {session.loginEnabled ? <LoginForm onSignedIn={onClose} /> : <LoginOffline session={session} />}
    </AuthModalShell>
  );
}
