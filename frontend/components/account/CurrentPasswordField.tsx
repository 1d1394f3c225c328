import type { ComponentProps } from 'react';
import { TextField } from '@/components/forms/fields';

/**
 * The current password both credential dialogs ask for first (spec 1 §4: the BFF signs in with
 * it before any change). It takes the dialog's focus when it opens.
 */
export function CurrentPasswordField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'type'>) {
  return (
    <TextField
      label="Current Password"
      type="password"
      autoComplete="current-password"
      required
      maxLength={128}
      data-autofocus
      {...props}
    />
  );
}
