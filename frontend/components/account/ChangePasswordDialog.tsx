'use client';

import { accountApi } from '@/lib/bff/browser';
import { NewPasswordField } from '@/components/auth/PasswordFields';
import { PasswordField } from '@/components/forms/fields';
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
      <NewPasswordField label="New Password" {...change.form.bind('newPassword')} />
      <PasswordField label="Confirm New Password" autoComplete="new-password" {...change.form.bind('confirmPassword')} />
    </CredentialsDialog>
  );
}
