'use client';

import { useState, type FormEvent } from 'react';
import { accountApi } from '@/lib/bff/browser';
import { isValidEmail, message } from '@/lib/accounts';
import type { BffError } from '@/lib/bff/error';
import { FormAlert, SubmitButton } from '@/components/forms/fields';
import fieldStyles from '@/components/forms/Fields.module.css';
import { useAuthMutation } from '@/components/session/useAuthMutation';
import { useStatusMessages } from '@/components/status/StatusMessages';
import styles from './AuthForm.module.css';
import { EmailField } from './EmailField';

/**
 * What a failed request for a reset link says: the BFF's words for a mistake of the reader's (an
 * email that is not one, too many tries), else spec 3 §8's 'Sorry something went wrong please
 * refresh and try again.' (the error itself is logged by the BFF).
 */
function failureText(error: BffError): string {
  return error.status >= 400 && error.status < 500 ? error.detail : message('resetFailed');
}

/**
 * Ask for a reset link (spec 3 §4): the form, then the submitted state, and the BFF's answer
 * ('Password reset successfully sent!', spec 3 §8) as a success message. The BFF answers the same
 * whether or not the email has an account, so neither tells anything about it either.
 */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { push } = useStatusMessages();
  const forgot = useAuthMutation({
    mutationFn: accountApi.forgotPassword,
    onSuccess: (answer) => {
      push({ message: answer.message, type: 'success' });
      setSubmitted(true);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidEmail(email)) return;
    void forgot.run(email.trim());
  }

  if (submitted) {
    return (
      <div role="status" className={styles.submitted}>
        <p className={styles.submittedTitle}>Check your email to reset your password</p>
        <p>Don&apos;t forget to check your spam folder.</p>
      </div>
    );
  }
  return (
    <form className={fieldStyles.form} onSubmit={submit}>
      <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={forgot.error?.fields.email} />
      <FormAlert message={forgot.error && failureText(forgot.error)} />
      <SubmitButton busy={forgot.pending} disabled={!isValidEmail(email) || forgot.pending}>
        Send Reset Link
      </SubmitButton>
    </form>
  );
}
