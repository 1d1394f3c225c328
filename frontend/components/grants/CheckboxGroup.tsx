'use client';

import { useId } from 'react';
import { grantMessage } from '@/lib/grants';
import formStyles from '@/components/forms/Form.module.css';
import { QuestionFieldset } from './QuestionFieldset';

export interface CheckboxOption {
  value: string;
  label: string;
}

export interface CheckboxGroupProps {
  legend: string;
  /** Every box carries it, so a submit can focus the first. */
  name: string;
  options: CheckboxOption[];
  values: string[];
  onChange: (values: string[]) => void;
  /** Adds the * to the legend (spec 2 §5). */
  required?: boolean;
  error?: string;
  /** The focus left the group (not for a submit button): it was touched. */
  onLeave?: () => void;
  disabled?: boolean;
}

/** '{legend}: At least one value is required.' when required and none is chosen (spec 2 §5). */
export function checkboxGroupError(legend: string, values: string[], required?: boolean): string | undefined {
  return required && values.length === 0 ? grantMessage('checkboxGroupRequired', { legend }) : undefined;
}

/**
 * Any number of choices under a legend, in a fieldset (spec 2 §5). The choices keep the options'
 * order whatever order they are ticked in. Its error comes from checkboxGroupError.
 */
export function CheckboxGroup({ legend, name, options, values, onChange, required, error, onLeave, disabled }: CheckboxGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (value: string, on: boolean) => {
    const chosen = new Set(values);
    if (on) chosen.add(value);
    else chosen.delete(value);
    onChange(options.map((o) => o.value).filter((v) => chosen.has(v)));
  };
  return (
    <QuestionFieldset legend={legend} required={Boolean(required)} error={error} errorId={errorId} onLeave={onLeave}>
      <div className={formStyles.choices}>
        {options.map((o) => (
          <label key={o.value} className={formStyles.choice} data-disabled={disabled || undefined}>
            <input
              type="checkbox"
              name={name}
              value={o.value}
              checked={values.includes(o.value)}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </QuestionFieldset>
  );
}
