'use client';

import Link from 'next/link';
import type { ComponentProps, FocusEvent, ReactNode } from 'react';
import type { FormUnion } from '@/lib/bff/types';
import { grantLimits, grantStates, type DateWindow, type GrantField } from '@/lib/grants';
import { CheckboxField } from '@/components/forms/choices';
import { RequiredMark, SelectField, TextAreaField, TextField } from '@/components/forms/fields';
import { leftForSubmit } from '@/components/forms/useForm';
import { CheckboxGroup } from './CheckboxGroup';
import { DateField } from './DateField';
import type { YearRange } from './dateParts';
import { asDate, asList, asText, type GrantValue } from './grantRules';
import styles from './Grants.module.css';

export interface GrantFieldControlProps {
  field: GrantField;
  value: GrantValue | undefined;
  onChange: (value: GrantValue) => void;
  /** The field was touched: its error may show from now on. */
  onTouch: () => void;
  required: boolean;
  error?: string;
  /** Touched, filled and passing its checks: the success state. */
  valid?: boolean;
  unions: FormUnion[];
  thisYear: number;
  disabled?: boolean;
}

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  confirmEmail: 'email',
  street: 'address-line1',
  street2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
  phone: 'tel-national',
  mobilePhone: 'tel-national',
};

const STATES = grantStates.map((s) => ({ value: s.code, label: s.name }));

/**
 * The terms checkbox's label, with its two links (spec 2 §2), opened beside the half-filled form.
 * The spec's addresses; next.config.ts sends them on to the CMS's pages.
 */
function termsLabel(label: string): ReactNode {
  const links: Record<string, string> = {
    'Terms and Conditions': '/page/terms-and-conditions',
    'Privacy Policy': '/page/privacy',
  };
  return label.split(/(Terms and Conditions|Privacy Policy)/).map((part, i) =>
    links[part] ? (
      <Link key={i} href={links[part]} target="_blank" rel="noopener" className={styles.inlineLink}>
        {part}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </Link>
    ) : (
      part
    ),
  );
}

/** A textarea that counts its characters against the field's maximum. */
function CountedTextArea({ max, value, ...props }: ComponentProps<typeof TextAreaField> & { value: string; max?: number }) {
  const hint = max ? `${value.length} of at most ${max} characters` : undefined;
  return <TextAreaField {...props} className={styles.textarea} rows={5} value={value} hint={hint} />;
}

/** One field of a grant form, drawn by its grants.json type. */
export function GrantFieldControl({
  field,
  value,
  onChange,
  onTouch,
  required,
  error,
  valid,
  unions,
  thisYear,
  disabled,
}: GrantFieldControlProps) {
  const label = field.label ?? field.name;
  const onBlur = (event: FocusEvent) => {
    if (!leftForSubmit(event)) onTouch();
  };
  const text = {
    label,
    name: field.name,
    value: asText(value),
    required,
    error,
    valid,
    disabled,
    autoComplete: AUTOCOMPLETE[field.name],
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    onBlur,
  };
  // Amounts are digits only (spec 2 §5: incomes are digits only, an expense has no commas); the
  // thousands commas people type ('60,000') are dropped as they type, so the amount they meant is
  // the one checked and sent.
  const amount = { ...text, onChange: (e: { target: { value: string } }) => onChange(e.target.value.replaceAll(',', '')) };

  switch (field.type) {
    case 'checkbox':
      return (
        <CheckboxField
          label={
            <>
              {field.name === 'terms' ? termsLabel(label) : label}
              {required && <RequiredMark />}
            </>
          }
          name={field.name}
          checked={value === true}
          required={required}
          disabled={disabled}
          error={error}
          onChange={(e) => {
            onChange(e.target.checked);
            onTouch();
          }}
        />
      );
    case 'checkboxGroup':
      return (
        <CheckboxGroup
          legend={label}
          name={field.name}
          options={field.options ?? []}
          values={asList(value)}
          onChange={onChange}
          onLeave={onTouch}
          required={required}
          error={error}
          disabled={disabled}
        />
      );
    case 'date':
      return (
        <DateField
          legend={label}
          name={field.name}
          value={asDate(value)}
          onChange={onChange}
          onLeave={onTouch}
          required={required}
          error={error}
          thisYear={thisYear}
          years={yearsOf(field.window)}
          disabled={disabled}
        />
      );
    case 'state':
      return <SelectField {...text} placeholder="- Select -" options={STATES} />;
    case 'union':
      return (
        <SelectField {...text} placeholder="Select your union" options={unions.map((u) => ({ value: u.id, label: u.label }))} />
      );
    case 'select':
      return <SelectField {...text} placeholder="- Select -" options={field.options ?? []} />;
    case 'textarea':
      return <CountedTextArea {...text} autoComplete={undefined} max={field.max} />;
    case 'email':
      return <TextField {...text} type="email" inputMode="email" />;
    case 'phone':
      return <TextField {...text} type="tel" inputMode="tel" hint="For example (123) 456-7890" />;
    case 'fourDigits':
      return <TextField {...text} inputMode="numeric" hint="4 digits" />;
    case 'digits':
      return <TextField {...amount} inputMode="numeric" hint="Whole dollars, digits only" />;
    case 'money':
      return <TextField {...amount} inputMode="decimal" hint="Dollars, e.g. 2500 or 2500.00" />;
    default:
      return <TextField {...text} type="text" />;
  }
}

/**
 * The years a date field offers (spec 2 §3's startingYear and endingYear, relative to this year): a
 * grant date must lie within the last 24 months (spec 2 §4), so its list starts two years back
 * rather than at 1900 (126 choices of which three can be valid); a return to work runs from this
 * year to ten ahead. Other dates keep the spec's whole list.
 */
function yearsOf(window: DateWindow | undefined): YearRange | undefined {
  if (!window) return undefined;
  return window === 'workReturn' ? { startingYear: 0, endingYear: grantLimits.workReturnMaxYears } : { startingYear: 2 };
}
