'use client';

import { useRef, useState, type FormEvent } from 'react';
import type { AuthResult } from '@/lib/bff/types';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { useSession } from '@/components/session/SessionProvider';
import { useStatusMessages } from '@/components/status/StatusMessages';
import { showOnForm } from '@/components/forms/failure';
import { passesOnSubmit, useForm, type FieldErrors, type Form } from '@/components/forms/useForm';

export interface CredentialsChange<V> {
  form: Form<V>;
  formRef: React.RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
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
  const [alert, setAlert] = useState<string | null>(null);
  const { setSession } = useSession();
  const { push } = useStatusMessages();
  const change = useBffMutation({
    mutationFn: call,
    onSuccess: (result) => {
      setSession(result.session);
      push({ message: result.message });
      onDone();
    },
    onError: (error) => setAlert(showOnForm(error, form, formRef.current)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.pending) return;
    if (!passesOnSubmit(form, formRef.current)) return;
    setAlert(null);
    void change.run(form.values);
  }

  return { form, formRef, onSubmit, pending: change.pending, alert };
}
