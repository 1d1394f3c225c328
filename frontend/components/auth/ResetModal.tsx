'use client';

import { ModalLink } from '@/components/modals/ModalLink';
import { useSession } from '@/components/session/SessionProvider';
import { AuthModalShell, type AuthModalProps } from './AuthModalShell';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginOffline } from './LoginOffline';
import styles from './AuthModals.module.css';

/**
 * `?modal=forgot`: 'Forgot Password'. 'Cancel' goes back to login when the member came from it,
 * and closes the modal when it was opened on its own (spec 3 §4: "Reset links back to login
 * ('Cancel'), or closes when standalone"), e.g. from a link in a page or the partner sign-in.
 */
export function ResetModal({ onClose, fromLogin }: AuthModalProps & { fromLogin: boolean }) {
  const { session } = useSession();
  return (
    <AuthModalShell
      name="reset"
      title="Forgot Password"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
      onClose={onClose}
      links={
        <li>
          {fromLogin ? (
            <ModalLink to="login" className={styles.link}>
              Cancel
            </ModalLink>
          ) : (
            <button type="button" className={styles.linkButton} onClick={onClose}>
              Cancel
            </button>
          )}
        </li>
      }
    >
      {session.loginEnabled ? <ForgotPasswordForm /> : <LoginOffline session={session} />}
    </AuthModalShell>
  );
}
