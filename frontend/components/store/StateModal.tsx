'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { storeApi } from '@/lib/bff/browser';
import type { ShippingState } from '@/lib/bff/types';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { storeMessage } from '@/lib/store';
import { FormAlert, SelectField, SubmitButton } from '@/components/forms/fields';
import fieldStyles from '@/components/forms/Fields.module.css';
import { Modal } from '@/components/modals/Modal';
import { stateOptions } from './states';
import styles from './Store.module.css';

export interface StateModalProps {
  states: ShippingState[];
  /** The state stored now, preselected. */
  current?: ShippingState;
  /** SUPPORT_PHONE, for shipping outside the United States. */
  phone: string;
  /** LEADERS_EMAIL, the union leaders mailbox, for the same. */
  leadersEmail: string;
  onClose: () => void;
}

/**
 * The shipping-state modal (spec 3 §2, §4): a required select of the 50 states and DC, and what
 * to do to ship elsewhere. The BFF keeps the choice in its cookie; the page then reloads (its
 * server render reads the cookie) and the modal closes. A refusal or failure is said in the
 * modal, in the BFF's words.
 */
export function StateModal({ states, current, phone, leadersEmail, onClose }: StateModalProps) {
  const router = useRouter();
  const [state, setState] = useState(current?.title ?? '');
  const [invalid, setInvalid] = useState(false);
  const choose = useBffMutation({
    mutationFn: (title: string) => storeApi.chooseState(title),
    onSuccess: () => {
      router.refresh();
      onClose();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!state) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void choose.run(state);
  }

  // No choice, or one the BFF refused, is the select's error; any other failure the form's.
  const fieldError = invalid ? storeMessage('stateInvalid') : choose.error?.fields.state;
  const formError = fieldError ? null : (choose.error?.detail ?? null);
  return (
    <Modal title={storeMessage('stateModalTitle')} onClose={onClose} name="state">
      <form className={fieldStyles.form} onSubmit={submit} noValidate>
        <SelectField
          label={storeMessage('stateLabel')}
          placeholder={storeMessage('statePlaceholder')}
          options={stateOptions(states)}
          required
          value={state}
          onChange={(event) => setState(event.target.value)}
          error={fieldError}
          data-autofocus
        />
        <OutsideUS phone={phone} email={leadersEmail} />
        <FormAlert message={formError} />
        <SubmitButton busy={choose.pending} disabled={choose.pending}>
          {storeMessage('stateSubmit')}
        </SubmitButton>
      </form>
    </Modal>
  );
}

/** How to order for another country (spec 3 §2): the toll-free number and the leaders mailbox, which opens a mail. */
function OutsideUS({ phone, email }: { phone: string; email: string }) {
  const [before, after = ''] = storeMessage('stateOutsideUS', { phone }).split('{email}');
  return (
    <p className={styles.outsideUS}>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </p>
  );
}
