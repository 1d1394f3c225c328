'use client';

import type { ReactNode } from 'react';
import { FormAlert } from '@/components/forms/fields';
import styles from '@/components/forms/Fields.module.css';
import { Modal } from '@/components/modals/Modal';
import { DialogActions } from './DialogActions';
import type { CredentialsChange } from './useCredentialsChange';

interface CredentialsDialogProps {
  title: string;
  /** The modal's data-modal name. */
  name: string;
  /** The dialog's change (useCredentialsChange): its form's submit, its run and its alert. */
  change: Pick<CredentialsChange<unknown>, 'formRef' | 'onSubmit' | 'pending' | 'alert'>;
  onClose: () => void;
  /** The fields, the current password first. */
  children: ReactNode;
}

/** What the Change Email and Change Password dialogs draw alike: the modal, its form, the alert, Update and Cancel. */
export function CredentialsDialog({ title, name, change, onClose, children }: CredentialsDialogProps) {
  const { formRef, onSubmit, pending, alert } = change;
  return (
    <Modal title={title} onClose={onClose} name={name}>
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        {children}
        <FormAlert message={alert} />
        <DialogActions busy={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
