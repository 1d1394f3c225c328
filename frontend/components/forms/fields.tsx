'use client';

import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import buttons from '@/components/common/ButtonLink.module.css';
import { Options } from '@/components/common/Options';
import styles from './Fields.module.css';

interface FieldShellProps {
  label: string;
  /** Shown under the control and announced with it. */
  hint?: ReactNode;
  /** A field error from the BFF; marks the control invalid. */
  error?: string;
  /** Touched, filled and passing its checks (useForm's validOf): the control shows success. */
  valid?: boolean;
}

/** The ids the control is described by: its hint, then its error. */
function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The * after the label or legend of a control that must be filled; screen readers hear `required` instead. */
export function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** What ties a control to its shell: its id, and its hint and error for assistive technology. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, hint and error around a control, which it draws with the wiring it is given. */
function FieldShell({
  label,
  hint,
  error,
  valid,
  required,
  children,
}: FieldShellProps & { required?: boolean; children: (wiring: ControlWiring) => ReactNode }) {
  const id = useId();
  return (
    <div className={styles.field} data-invalid={error ? true : undefined} data-valid={valid && !error ? true : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, hint, error) })}
      {hint && (
        <div id={`${id}-hint`} className={styles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its hint and error wired for assistive technology. */
export function TextField({ label, hint, error, valid, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} valid={valid} required={input.required}>
      {(wiring) => <input {...wiring} className={styles.input} {...input} />}
    </FieldShell>
  );
}

/** A password of the member's account: required, and no longer than the BFF takes (128). */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="password" required maxLength={128} {...props} />;
}

type TextAreaFieldProps = FieldShellProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled textarea, wired like TextField; `className` is added to the input's own. */
export function TextAreaField({ label, hint, error, valid, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} valid={valid} required={textarea.required}>
      {(wiring) => <textarea {...wiring} className={className ? `${styles.input} ${className}` : styles.input} {...textarea} />}
    </FieldShell>
  );
}

type SelectFieldProps = FieldShellProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    options: { value: string; label: string }[];
    /** The first, empty choice; none for a select that always has a value. */
    placeholder?: string;
  };

/** A labelled select, with an empty first choice when it has a placeholder. */
export function SelectField({ label, hint, error, valid, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} valid={valid} required={select.required}>
      {(wiring) => (
        <select {...wiring} className={styles.input} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          <Options options={options} />
        </select>
      )}
    </FieldShell>
  );
}

/**
 * Where a form says what went wrong: a check that failed, or the BFF's answer. An alert, so it is
 * read out the moment a message appears; kept in the page while empty so that first message is
 * announced too.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return (
    <div role="alert" className={styles.alert}>
      {message && <p>{message}</p>}
    </div>
  );
}

/** The form's main button, spanning the form, busy while its task runs. */
export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={`${buttons.button} ${buttons.primary} ${styles.submit}`}
      disabled={disabled}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
