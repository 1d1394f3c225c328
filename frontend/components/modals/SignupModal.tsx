'use client';

import { AuthModalShell, type AuthModalProps } from './AuthModalShell';
import { ModalLink } from './ModalLink';
import styles from './AuthModals.module.css';

/** `?modal=signup` or `?modal=register`. Links to login (spec 3 §4). */
export function SignupModal({ onClose }: AuthModalProps) {
  return (
    <AuthModalShell
      name="signup"
      title="Create Your Account"
      intro="Members and their families sign up free with an email address and their union."
      onClose={onClose}
      links={
        <li>
          Already have an account?{' '}
          <ModalLink to="login" className={styles.link}>
            Log in
          </ModalLink>
        </li>
      }
    >
      {/* The sign-up form comes with the accounts work. */}
      <p className={styles.notice}>Creating an account opens here soon.</p>
    </AuthModalShell>
  );
}
