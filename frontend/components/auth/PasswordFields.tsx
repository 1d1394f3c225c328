'use client';

import { message, passwordChecklist } from '@/lib/accounts';
import { TextField } from '@/components/forms/fields';
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
      <TextField
        label={labels.password}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        maxLength={128}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
        hint={
          <>
            <p>{message('passwordHint')}</p>
            <PasswordChecklist password={password} />
          </>
        }
      />
      <TextField
        label={labels.confirm}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        maxLength={128}
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
