'use client';

import type { ComponentProps } from 'react';
import { message, passwordChecklist } from '@/lib/accounts';
import { PasswordField } from '@/components/forms/fields';
import styles from './AuthForm.module.css';

/**
 * The live checklist of the password rule (spec 1 §5): each rule marked met or not as the member
 * types. The state is in the words too ('met' / 'not met'), not only in the tick's colour.
 */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className={styles.checklist} aria-label="Password requirements">
      {passwordChecklist(password).map((rule) => (
        <li key={rule.id} data-rule={rule.id} data-met={rule.met} className={styles.rule}>
          <span className={styles.tick} aria-hidden="true">
            {rule.met ? '✓' : '•'}
          </span>
          {rule.label}
          <span className="visually-hidden">{rule.met ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}

/** A new password, with the rule and its live checklist as its hint. */
export function NewPasswordField(props: Omit<ComponentProps<typeof PasswordField>, 'autoComplete' | 'hint'> & { value: string }) {
  return (
    <PasswordField
      autoComplete="new-password"
      hint={
        <>
          <p>{message('passwordHint')}</p>
          <PasswordChecklist password={props.value} />
        </>
      }
      {...props}
    />
  );
}

interface PasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** Labels differ between sign-up ('Create Password') and reset ('New Password'). */
  labels: { password: string; confirm: string };
  errors?: { password?: string; confirm?: string };
}

/** A new password with its hint and live checklist, and its confirmation. */
export function PasswordFields({ password, confirm, onPassword, onConfirm, labels, errors = {} }: PasswordFieldsProps) {
  return (
    <>
      <NewPasswordField
        label={labels.password}
        name="password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
      />
      <PasswordField
        label={labels.confirm}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
