// The Change Email and Change Password dialogs' rules (spec 1 §5), with the BFF's field names and
// the catalogue's messages. Whether the current password is right only the BFF can say.
import { confirms, isValidEmail, isValidPassword, message } from '@/lib/accounts';
import type { FieldErrors } from '@/components/forms/useForm';

export interface ChangeEmailValues {
  currentPassword: string;
  newEmail: string;
}

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateChangeEmail(v: ChangeEmailValues): FieldErrors {
  const errors: FieldErrors = {};
  if (v.currentPassword === '') errors.currentPassword = message('currentPasswordRequired');
  if (!isValidEmail(v.newEmail)) errors.newEmail = message('emailInvalid');
  return errors;
}

export function validateChangePassword(v: ChangePasswordValues): FieldErrors {
  const errors: FieldErrors = {};
  if (v.currentPassword === '') errors.currentPassword = message('currentPasswordRequired');
  if (!isValidPassword(v.newPassword)) errors.newPassword = message('passwordInvalid');
  if (!confirms(v.newPassword, v.confirmPassword)) errors.confirmPassword = message('passwordConfirm');
  return errors;
}
