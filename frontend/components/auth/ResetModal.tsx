'use client';

import { ModalLink } from '@/components/modals/ModalLink';
import { useSession } from '@/components/session/SessionProvider';
import { AuthModalShell, type AuthModalProps } from './AuthModalShell';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginOffline } from './LoginOffline';
import styles from './AuthModals.module.css';

/** `?modal=forgot`: 'Forgot Password'. 'Cancel' goes back to login (spec 3 §4). */
export function ResetModal({ onClose }: AuthModalProps) {
  const { session } = useSession();
  return (
    <AuthModalShell
      name="reset"
      title="Forgot Password"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
      onClose={onClose}
      links={
        <li>
          <ModalLink to="login" className={styles.link}>
            Cancel
          </ModalLink>
        </li>
      }
    >
      {session.loginEnabled ? <ForgotPasswordForm /> : <LoginOffline session={session} />}
    </AuthModalShell>
  );
}
