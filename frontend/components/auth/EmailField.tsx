'use client';

import type { ChangeEvent, FocusEvent } from 'react';
import { TextField } from '@/components/forms/fields';

interface EmailFieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  error?: string;
  /** The success state (useForm's validOf). */
  valid?: boolean;
}

/** The account's email, as sign-in, sign-up and the reset request ask for it (at most 254 characters). */
export function EmailField({ value, onChange, onBlur, error, valid }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      maxLength={254}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      valid={valid}
    />
  );
}
