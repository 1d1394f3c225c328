'use client';

import { useState, type FormEvent } from 'react';
import { accountApi } from '@/lib/bff/browser';
import { isValidEmail } from '@/lib/accounts';
import { FormAlert, SubmitButton } from '@/components/forms/fields';
import fieldStyles from '@/components/forms/Fields.module.css';
import { useAuthMutation } from '@/components/session/useAuthMutation';
import { useStatusMessages } from '@/components/status/StatusMessages';
import styles from './AuthForm.module.css';
import { EmailField } from './EmailField';

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
      <FormAlert message={forgot.error?.detail} />
      <SubmitButton busy={forgot.pending} disabled={!isValidEmail(email) || forgot.pending}>
        Send Reset Link
      </SubmitButton>
    </form>
  );
}
