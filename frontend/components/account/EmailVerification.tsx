'use client';

import { useState } from 'react';
import { accountApi } from '@/lib/bff/browser';
import { SESSION_KEY } from '@/lib/bff/queries';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import type { Session } from '@/lib/bff/types';
import { useSession } from '@/components/session/SessionProvider';
import { useStatusMessages } from '@/components/status/StatusMessages';
import { TaskButton } from '@/components/common/ButtonLink';
import { failureMessage } from '@/components/forms/failure';
import styles from './AccountForm.module.css';

/**
 * The unverified-email prompt (spec 1 §4): 'Verify Email' mails a link and then reads 'Resend
 * verification email'; 'I have verified my email address' asks the BFF again, which reads the
 * user afresh. Nothing shows once the email is verified. `verified` is the profile's answer, used
 * until the session has one.
 */
export function EmailVerification({ verified }: { verified: boolean }) {
  const { member, refresh } = useSession();
  const { push } = useStatusMessages();
  const [sent, setSent] = useState(false);
  // The link comes back here once followed (spec 1 §7 sendEmailVerification's {url}).
  const send = useBffMutation({
    mutationFn: () => accountApi.sendVerification(member ? `/account/${encodeURIComponent(member.uid)}` : undefined),
    onSuccess: (answer) => {
      push({ message: answer.message });
      setSent(true);
    },
    // The BFF words its refusals per spec 1 §8 (an unavailable provider in its own words); the
    // catalogue's words are for when it could not be asked.
    onError: (error) => push({ message: error.problem ? error.detail : failureMessage(error, 'verificationError'), type: 'error' }),
  });
  // Not a write, but a button that asks the BFF: one question at a time, like any other.
  const check = useBffMutation({
    mutationFn: refresh,
    onSuccess: (_answer, _vars, client) => {
      if (!client.getQueryData<Session>(SESSION_KEY)?.user?.emailVerified) {
        push({ message: 'Your email address is still unverified.', type: 'error' });
      }
    },
  });

  if (member?.emailVerified ?? verified) return null;

  return (
    <div className={styles.verify} data-testid="email-verification">
      <p>
        {sent
          ? "We emailed you a link to verify your address. Didn't receive an email? "
          : 'Your email address is not verified yet. '}
        <button type="button" className={styles.linkButton} onClick={() => void send.run()} disabled={send.pending}>
          {sent ? 'Resend verification email' : 'Verify Email'}
        </button>
      </p>
      <div className={styles.verifyActions}>
        <TaskButton task={check} variant="secondary">
          I have verified my email address
        </TaskButton>
      </div>
    </div>
  );
}
