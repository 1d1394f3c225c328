'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { accountApi, SESSION_KEY, type Session } from '@/lib/bff/account';
import { useSession } from '@/components/session/SessionProvider';
import { useStatusMessages } from '@/components/shell/StatusMessages';
import buttons from '@/components/common/ButtonLink.module.css';
import { failureMessage } from './failure';
import { useExclusiveTask } from './useExclusiveTask';
import styles from './AccountForm.module.css';

/**
 * The unverified-email prompt (spec 1 §4): 'Verify Email' mails a link and then reads 'Resend
 * verification email'; 'I have verified my email address' asks the BFF again, which reads the
 * user afresh. Nothing shows once the email is verified. `verified` is the profile's answer, used
 * until the session has one.
 */
export function EmailVerification({ verified }: { verified: boolean }) {
  const { member, refresh } = useSession();
  const client = useQueryClient();
  const { push } = useStatusMessages();
  const [sent, setSent] = useState(false);
  const send = useExclusiveTask();
  const check = useExclusiveTask();

  if (member?.emailVerified ?? verified) return null;

  const sendLink = () =>
    send.run(async () => {
      try {
        push({ message: (await accountApi.sendVerification()).message });
        setSent(true);
      } catch (error) {
        push({ message: failureMessage(error, 'verificationError'), type: 'error' });
      }
    });

  const recheck = () =>
    check.run(async () => {
      await refresh();
      if (!client.getQueryData<Session>(SESSION_KEY)?.user?.emailVerified) {
        push({ message: 'Your email address is still unverified.', type: 'error' });
      }
    });

  return (
    <div className={styles.verify} data-testid="email-verification">
      <p>
        {sent
          ? "We emailed you a link to verify your address. Didn't receive an email? "
          : 'Your email address is not verified yet. '}
        <button type="button" className={styles.linkButton} onClick={sendLink} disabled={send.busy}>
          {sent ? 'Resend verification email' : 'Verify Email'}
        </button>
      </p>
      <div className={styles.verifyActions}>
        <button
          type="button"
          className={`${buttons.button} ${buttons.secondary}`}
          onClick={recheck}
          disabled={check.busy}
          aria-busy={check.busy || undefined}
        >
          I have verified my email address
        </button>
      </div>
    </div>
  );
}
