'use client';

import { accountApi } from '@/lib/bff/browser';
import { TextField } from '@/components/forms/fields';
import { validateChangeEmail } from './credentialsForm';
import { CredentialsDialog } from './CredentialsDialog';
import { CurrentPasswordField } from './CurrentPasswordField';
import { useCredentialsChange } from './useCredentialsChange';

/** Change Email (spec 1 §2): the current password, then the new email. */
export function ChangeEmailDialog({ onClose }: { onClose: () => void }) {
  const change = useCredentialsChange(
    { currentPassword: '', newEmail: '' },
    validateChangeEmail,
    (v) => accountApi.changeEmail({ currentPassword: v.currentPassword, newEmail: v.newEmail.trim() }),
    onClose,
  );
  return (
    <CredentialsDialog title="Change Email" name="change-email" change={change} onClose={onClose}>
      <CurrentPasswordField {...change.form.bind('currentPassword')} />
      <TextField
        label="New Email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        hint="We will send a link to this address to verify it."
        {...change.form.bind('newEmail')}
      />
    </CredentialsDialog>
  );
}
