'use client';

import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { Option } from '@/lib/accounts';
import { RequiredMark } from './fields';
import styles from './Form.module.css';

/** The error under a control or group, with the id its control is described by. */
function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className={styles.error}>
      {error}
    </p>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  label: ReactNode;
  hint?: string;
  error?: string;
};

/** One labelled checkbox (an opt-in), its hint and error announced with it. */
export function CheckboxField({ label, hint, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.choiceField}>
      <label className={styles.choice} data-disabled={input.disabled || undefined}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          {...input}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

interface GroupProps {
  /** The question, as the group's legend. */
  legend: string;
  error?: string;
  /** Every box carries it, so a submit with an error can focus the first. */
  name: string;
  required?: boolean;
  /** How the choices sit: a grid of columns (default), side by side (Yes / No), or as given. */
  layout?: 'grid' | 'inline' | 'plain';
  children: ReactNode;
}

/** A fieldset of choices under its legend, its error announced with the group. */
const LAYOUTS = { grid: styles.choices, inline: styles.inlineChoices, plain: undefined };

export function ChoiceGroup({ legend, error, required, layout = 'grid', children }: GroupProps) {
  const id = useId();
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? `${id}-error` : undefined}
      data-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className={LAYOUTS[layout]}>{children}</div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** One option of a group: its box, then its words. */
function Choice({ option, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> & { option: Option }) {
  return (
    <label className={styles.choice}>
      <input {...input} value={option.value} />
      <span>{option.label}</span>
    </label>
  );
}

interface RadioGroupProps extends Omit<GroupProps, 'children'> {
  options: Option[];
  value: string;
  onChange: (value: string) => void;
}

/** A question answered by one of a few options. */
export function RadioGroup({ options, value, onChange, ...group }: RadioGroupProps) {
  return (
    <ChoiceGroup {...group}>
      {options.map((o) => (
        <Choice key={o.value} type="radio" name={group.name} option={o} checked={value === o.value} onChange={() => onChange(o.value)} />
      ))}
    </ChoiceGroup>
  );
}

interface CheckboxGroupProps extends Omit<GroupProps, 'children'> {
  options: Option[];
  values: string[];
  onToggle: (value: string, on: boolean) => void;
}

/** A question answered by any number of options. */
export function CheckboxGroup({ options, values, onToggle, ...group }: CheckboxGroupProps) {
  return (
    <ChoiceGroup {...group}>
      {options.map((o) => (
        <Choice
          key={o.value}
          type="checkbox"
          name={group.name}
          option={o}
          checked={values.includes(o.value)}
          onChange={(e) => onToggle(o.value, e.target.checked)}
        />
      ))}
    </ChoiceGroup>
  );
}
