'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { accountApi } from '@/lib/bff/browser';
import type { AuthResult, ResetPasswordRequest } from '@/lib/bff/types';
import { confirms, isValidPassword, limits } from '@/lib/accounts';
import { FormAlert, SubmitButton } from '@/components/forms/fields';
import styles from '@/components/forms/Fields.module.css';
import { useSession } from '@/components/session/SessionProvider';
import { useAuthMutation } from '@/components/session/useAuthMutation';
import { useStatusMessages } from '@/components/status/StatusMessages';
import { PasswordFields } from './PasswordFields';

/** The four parameters of the emailed reset link. */
export type ResetLink = Pick<ResetPasswordRequest, 'apiKey' | 'lang' | 'mode' | 'oobCode'>;

/**
 * The /reset form (spec 1 §4): a new password and its confirmation. The BFF sets it and signs the
 * member in; the answer's message shows, and after 500 ms (5 s when older sessions may still be
 * valid, so the notice can be read) the member goes to their profile.
 */
export function ResetPasswordForm({ link }: { link: ResetLink }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const reset = useAuthMutation({ mutationFn: accountApi.resetPassword, onSuccess: succeeded });
  const { setSession } = useSession();
  const { push } = useStatusMessages();
  const router = useRouter();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function succeeded(result: AuthResult) {
    setDone(true);
    setSession(result.session);
    push({ message: result.message });
    const uid = result.session.user?.uid;
    const delay = result.partial ? limits.resetPartialDelayMs : limits.resetSuccessDelayMs;
    timer.current = window.setTimeout(() => {
      router.push(uid ? `/account/${encodeURIComponent(uid)}/profile` : '/');
    }, delay);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (done || !isValidPassword(password) || !confirms(password, confirm)) return;
    void reset.run({ ...link, password, confirmPassword: confirm });
  }

  const fields = reset.error?.fields ?? {};
  const ready = isValidPassword(password) && confirms(password, confirm);
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <PasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
        errors={{ password: fields.password, confirm: fields.confirmPassword }}
      />
      <FormAlert message={reset.error?.detail} />
      <SubmitButton busy={reset.pending || done} disabled={!ready || reset.pending || done}>
        Set New Password
      </SubmitButton>
    </form>
  );
}
