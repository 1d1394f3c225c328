import type { ComponentProps } from 'react';
import { PasswordField } from '@/components/forms/fields';

/**
 * The current password both credential dialogs ask for first (spec 1 §4: the BFF signs in with
 * it before any change). It takes the dialog's focus when it opens.
 */
export function CurrentPasswordField(props: Omit<ComponentProps<typeof PasswordField>, 'label'>) {
  return <PasswordField label="Current Password" autoComplete="current-password" data-autofocus {...props} />;
}
