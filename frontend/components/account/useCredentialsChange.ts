'use client';

import { useRef, useState, type FormEvent } from 'react';
import type { AuthResult } from '@/lib/bff/account';
import { useSession } from '@/components/session/SessionProvider';
import { useStatusMessages } from '@/components/shell/StatusMessages';
import { failureMessage, fieldErrorsOf } from './failure';
import { focusFirstError, useForm, type FieldErrors, type Form } from './useForm';
import { useExclusiveTask } from './useExclusiveTask';

export interface CredentialsChange<V> {
  form: Form<V>;
  formRef: React.RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  /** The whole-form error: a failure that is about no one field. */
  alert: string | null;
}

/**
 * What the Change Email and Change Password dialogs share (spec 1 §4): the rules on submit, one
 * call at a time, and on success the renewed session, the answer's message and the dialog closed.
 * A wrong current password and the like come back from the BFF as field errors.
 */
export function useCredentialsChange<V extends object>(
  initial: V,
  validate: (v: V) => FieldErrors,
  call: (v: V) => Promise<AuthResult>,
  onDone: () => void,
): CredentialsChange<V> {
  const form = useForm(initial, validate);
  const formRef = useRef<HTMLFormElement>(null);
  const task = useExclusiveTask();
  const [alert, setAlert] = useState<string | null>(null);
  const { setSession } = useSession();
  const { push } = useStatusMessages();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (task.busy) return;
    const errors = form.submit();
    if (Object.keys(errors).length > 0) {
      focusFirstError(formRef.current, errors);
      return;
    }
    void task.run(async () => {
      setAlert(null);
      try {
        const result = await call(form.values);
        setSession(result.session);
        push({ message: result.message });
        onDone();
      } catch (error) {
        const fields = fieldErrorsOf(error);
        form.setServerErrors(fields);
        // An error about a field shows on it; the alert is for the rest.
        setAlert(Object.keys(fields).length > 0 ? null : failureMessage(error));
        focusFirstError(formRef.current, fields);
      }
    });
  }

  return { form, formRef, onSubmit, busy: task.busy, alert };
}
