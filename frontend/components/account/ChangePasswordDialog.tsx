'use client';

import { accountApi } from '@/lib/bff/browser';
import { message } from '@/lib/accounts';
import { PasswordChecklist } from '@/components/auth/PasswordFields';
import { FormAlert, TextField } from '@/components/forms/fields';
import styles from '@/components/forms/Fields.module.css';
import { Modal } from '@/components/modals/Modal';
import { validateChangePassword } from './credentialsForm';
import { CurrentPasswordField } from './CurrentPasswordField';
import { DialogActions } from './DialogActions';
import { useCredentialsChange } from './useCredentialsChange';

/** Change Password (spec 1 §2): the current password, the new one with its live checklist, and its confirmation. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { form, formRef, onSubmit, pending, alert } = useCredentialsChange(
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    validateChangePassword,
    accountApi.changePassword,
    onClose,
  );
  return (
    <Modal title="Change Password" onClose={onClose} name="change-password">
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        <CurrentPasswordField {...form.bind('currentPassword')} />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          hint={
            <>
              <p>{message('passwordHint')}</p>
              <PasswordChecklist password={form.values.newPassword} />
            </>
          }
          {...form.bind('newPassword')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          {...form.bind('confirmPassword')}
        />
        <FormAlert message={alert} />
        <DialogActions busy={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
