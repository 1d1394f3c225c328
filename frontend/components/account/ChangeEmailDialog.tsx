'use client';

import { accountApi } from '@/lib/bff/browser';
import { FormAlert, TextField } from '@/components/forms/fields';
import styles from '@/components/forms/Fields.module.css';
import { Modal } from '@/components/modals/Modal';
import { validateChangeEmail } from './credentialsForm';
import { CurrentPasswordField } from './CurrentPasswordField';
import { DialogActions } from './DialogActions';
import { useCredentialsChange } from './useCredentialsChange';

/** Change Email (spec 1 §2): the current password, then the new email. */
export function ChangeEmailDialog({ onClose }: { onClose: () => void }) {
  const { form, formRef, onSubmit, pending, alert } = useCredentialsChange(
    { currentPassword: '', newEmail: '' },
    validateChangeEmail,
    (v) => accountApi.changeEmail({ currentPassword: v.currentPassword, newEmail: v.newEmail.trim() }),
    onClose,
  );
  return (
    <Modal title="Change Email" onClose={onClose} name="change-email">
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        <CurrentPasswordField {...form.bind('currentPassword')} />
        <TextField
          label="New Email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          hint="We will send a link to this address to verify it."
          {...form.bind('newEmail')}
        />
        <FormAlert message={alert} />
        <DialogActions busy={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
