'use client';

import { accountApi } from '@/lib/bff/browser';
import { message } from '@/lib/accounts';
import { PasswordChecklist } from '@/components/auth/PasswordFields';
import { TextField } from '@/components/forms/fields';
import { validateChangePassword } from './credentialsForm';
import { CredentialsDialog } from './CredentialsDialog';
import { CurrentPasswordField } from './CurrentPasswordField';
import { useCredentialsChange } from './useCredentialsChange';

/** Change Password (spec 1 §2): the current password, the new one with its live checklist, and its confirmation. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const change = useCredentialsChange(
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    validateChangePassword,
    accountApi.changePassword,
    onClose,
  );
  return (
    <CredentialsDialog title="Change Password" name="change-password" change={change} onClose={onClose}>
      <CurrentPasswordField {...change.form.bind('currentPassword')} />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        hint={
          <>
            <p>{message('passwordHint')}</p>
            <PasswordChecklist password={change.form.values.newPassword} />
          </>
        }
        {...change.form.bind('newPassword')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        {...change.form.bind('confirmPassword')}
      />
    </CredentialsDialog>
  );
}
