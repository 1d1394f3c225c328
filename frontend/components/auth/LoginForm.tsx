'use client';

import { useState, type FormEvent } from 'react';
import { accountApi } from '@/lib/bff/browser';
import { isValidEmail } from '@/lib/accounts';
import { FormAlert, PasswordField, SubmitButton } from '@/components/forms/fields';
import styles from '@/components/forms/Fields.module.css';
import { useAuthMutation } from '@/components/session/useAuthMutation';
import { EmailField } from './EmailField';
import { useAfterSignIn } from './useAfterSignIn';

/**
 * Sign in with email and password (spec 3 §4, §5). 'Log In' is enabled only for a valid email
 * and while no sign-in runs; the password is required by the browser. A failure is shown in the
 * modal and the modal stays open.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const afterSignIn = useAfterSignIn();
  const signIn = useAuthMutation({
    mutationFn: accountApi.signIn,
    onSuccess: (result) => afterSignIn(result, onSignedIn),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidEmail(email)) return;
    void signIn.run({ email: email.trim(), password });
  }

  const fields = signIn.error?.fields ?? {};
  return (
    <form className={styles.form} onSubmit={submit}>
      <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fields.password}
      />
      <FormAlert message={signIn.error?.detail} />
      <SubmitButton busy={signIn.pending} disabled={!isValidEmail(email) || signIn.pending}>
        Log In
      </SubmitButton>
    </form>
  );
}
