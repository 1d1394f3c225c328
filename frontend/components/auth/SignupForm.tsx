'use client';

import { useState, type FormEvent } from 'react';
import { accountApi } from '@/lib/bff/browser';
import type { VisibleUnion } from '@/lib/bff/types';
import { limits, message, ZIP_INPUT_PATTERN } from '@/lib/accounts';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/forms/fields';
import styles from '@/components/forms/Fields.module.css';
import { useAuthMutation } from '@/components/session/useAuthMutation';
import { EmailField } from './EmailField';
import { PasswordFields } from './PasswordFields';
import { signupProblem, type SignupValues } from './signupChecks';
import { useAfterSignIn } from './useAfterSignIn';

interface SignupFormProps {
  /** Prefilled from the address (`&email=`, `&union=`), e.g. after a mailing-list sign-up. */
  initial: Partial<SignupValues>;
  unions: VisibleUnion[];
  onSignedUp: () => void;
}

/**
 * Create an account (spec 1 §4, spec 3 §5). The browser's own validation is off: the spec's checks
 * run on submit in their order and the first failure is shown, so the member always learns why.
 */
export function SignupForm({ initial, unions, onSignedUp }: SignupFormProps) {
  const [values, setValues] = useState<SignupValues>(() => ({
    email: initial.email ?? '',
    firstName: '',
    lastName: '',
    union: unions.some((u) => u.id === initial.union) ? (initial.union ?? '') : '',
    zip: '',
    password: '',
    confirmPassword: '',
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const afterSignIn = useAfterSignIn();
  const register = useAuthMutation({
    mutationFn: accountApi.register,
    onSuccess: (result) => afterSignIn(result, onSignedUp),
  });

  const set = (name: keyof SignupValues) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const onInput = (name: keyof SignupValues) => (e: { target: { value: string } }) => set(name)(e.target.value);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = signupProblem(values, register.pending);
    setProblem(found);
    if (found) return;
    const body = {
      ...values,
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      zip: values.zip.trim(),
    };
    void register.run(body);
  }

  // Field errors come back named as the request's fields.
  const fields = register.error?.fields ?? {};
  // 'Not ready' speaks of the run in flight; once that run has ended, its own answer counts.
  const stale = problem === message('signupNotReady') && !register.pending;
  const alert = stale ? register.error?.detail : (problem ?? register.error?.detail);
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <EmailField value={values.email} onChange={onInput('email')} error={fields.email} />
      <div className={styles.pair}>
        <TextField
          label="First Name"
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={limits.nameMaxLength}
          value={values.firstName}
          onChange={onInput('firstName')}
          error={fields.firstName}
        />
        <TextField
          label="Last Name"
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={limits.nameMaxLength}
          value={values.lastName}
          onChange={onInput('lastName')}
          error={fields.lastName}
        />
      </div>
      {/* Full width: union names are long. */}
      <SelectField
        label="Union"
        name="union"
        required
        placeholder="Choose your union"
        options={unions.map((u) => ({ value: u.id, label: u.unionLabel }))}
        value={values.union}
        onChange={onInput('union')}
        error={fields.union}
      />
      <TextField
        label="Zip Code"
        name="zip"
        autoComplete="postal-code"
        required
        minLength={limits.zipMinLength}
        maxLength={limits.zipMaxLength}
        pattern={ZIP_INPUT_PATTERN}
        title="5-10 digit zip"
        value={values.zip}
        onChange={onInput('zip')}
        error={fields.zip}
      />
      <PasswordFields
        password={values.password}
        confirm={values.confirmPassword}
        onPassword={set('password')}
        onConfirm={set('confirmPassword')}
        labels={{ password: 'Create Password', confirm: 'Confirm Password' }}
        errors={{ password: fields.password, confirm: fields.confirmPassword }}
      />
      <FormAlert message={alert} />
      <SubmitButton busy={register.pending}>Create Account</SubmitButton>
    </form>
  );
}
