import type { Session } from '@/lib/bff/types';
import { message } from '@/lib/accounts';
import styles from './AuthForm.module.css';

/**
 * What the login, signup and reset forms say while login is switched off (spec 1 §1): the
 * configured message the BFF sends with the session, or the catalogue's wording without a brand.
 */
export function offlineMessage(session: Session): string {
  return session.loginOfflineMessage || message('loginOffline', { product: 'Member' });
}

/** Stands in for a sign-in, sign-up or reset form while login is off. */
export function LoginOffline({ session }: { session: Session }) {
  return (
    <p className={styles.offline} data-testid="login-offline">
      {offlineMessage(session)}
    </p>
  );
}
