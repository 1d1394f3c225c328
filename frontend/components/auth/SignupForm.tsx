'use client';

import { useEffect, useRef, type FormEvent } from 'react';
import { accountApi } from '@/lib/bff/browser';
import type { VisibleUnion } from '@/lib/bff/types';
import { limits, ZIP_INPUT_PATTERN } from '@/lib/accounts';
import { FormAlert, PasswordField, SelectField, SubmitButton, TextField } from '@/components/forms/fields';
import styles from '@/components/forms/Fields.module.css';
import { focusFirstError, passesOnSubmit, useForm } from '@/components/forms/useForm';
import { takeSignupPrefill } from '@/components/modals/signupPrefill';
import { useAuthMutation } from '@/components/session/useAuthMutation';
import { EmailField } from './EmailField';
import { NewPasswordField } from './PasswordFields';
import { signupErrors, type SignupValues } from './signupChecks';
import { useAfterSignIn } from './useAfterSignIn';
import auth from './AuthForm.module.css';

interface SignupFormProps {
  /** Prefilled from the address (`&union=`, and `&email=` from a link made elsewhere). */
  initial: Partial<SignupValues>;
  unions: VisibleUnion[];
  onSignedUp: () => void;
}

/**
 * Create an account (spec 1 §4, spec 3 §5). The browser's own validation is off: each field shows
 * its own error once it has been left (spec 1 §5), every one at once on submit, and the focus goes
 * to the first. The alert above the button is for what the BFF answers.
 *
 * A form that opened the modal may have left a prefill (the mailing-list form: email and first
 * name), read once in the browser after mounting.
 */
export function SignupForm({ initial, unions, onSignedUp }: SignupFormProps) {
  const form = useForm<SignupValues>(
    {
      email: initial.email ?? '',
      firstName: '',
      lastName: '',
      union: unions.some((u) => u.id === initial.union) ? (initial.union ?? '') : '',
      zip: '',
      password: '',
      confirmPassword: '',
    },
    signupErrors,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const afterSignIn = useAfterSignIn();
  const register = useAuthMutation({
    mutationFn: accountApi.register,
    onSuccess: (result) => afterSignIn(result, onSignedUp),
    onError: (error) => {
      // Field errors come back named as the request's fields.
      form.setServerErrors(error.fields);
      focusFirstError(formRef.current, error.fields);
    },
  });

  const { update } = form;
  useEffect(() => {
    const prefill = takeSignupPrefill();
    if (prefill.email || prefill.firstName) update((v) => ({ ...v, ...prefill }));
    // Once, at the opening: `update` changes with every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.pending) return; // one at a time (spec 3 §5); the button says it is busy
    if (!passesOnSubmit(form, formRef.current)) return;
    const { values } = form;
    void register.run({
      ...values,
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      zip: values.zip.trim(),
    });
  }

  return (
    <form ref={formRef} className={`${styles.form} ${auth.compact}`} onSubmit={submit} noValidate>
      <EmailField {...form.bind('email')} />
      <div className={styles.pair}>
        <TextField
          label="First Name"
          autoComplete="given-name"
          required
          maxLength={limits.nameMaxLength}
          {...form.bind('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          required
          maxLength={limits.nameMaxLength}
          {...form.bind('lastName')}
        />
      </div>
      <div className={auth.unionZip}>
        {/* The wider column: union names are long. */}
        <SelectField
          label="Union"
          required
          placeholder="Choose your union"
          options={unions.map((u) => ({ value: u.id, label: u.unionLabel }))}
          {...form.bind('union')}
        />
        <TextField
          label="Zip Code"
          autoComplete="postal-code"
          required
          minLength={limits.zipMinLength}
          maxLength={limits.zipMaxLength}
          pattern={ZIP_INPUT_PATTERN}
          title="5-10 digit zip"
          {...form.bind('zip')}
        />
      </div>
      <div className={auth.passwords}>
        <NewPasswordField label="Create Password" {...form.bind('password')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...form.bind('confirmPassword')} />
      </div>
      <FormAlert message={register.error?.detail} />
      <SubmitButton busy={register.pending}>Create Account</SubmitButton>
    </form>
  );
}
