'use client';

import { useId } from 'react';
import { SelectField } from '@/components/forms/fields';
import { changeDate, dayOptions, isEmptyDate, MONTH_NAMES, yearOptions, type DateParts, type YearRange } from './dateParts';
import styles from './Grants.module.css';
import { QuestionFieldset } from './QuestionFieldset';

export interface DateFieldProps {
  /** The question, as the group's legend. */
  legend: string;
  /** The month select carries it (so a submit can focus it); day and year add '-day' and '-year'. */
  name: string;
  value: DateParts;
  onChange: (parts: DateParts) => void;
  /** Required from the start; any date also becomes required once one select is chosen (spec 2 §4). */
  required?: boolean;
  /** Shown under the three selects, and announced with each. */
  error?: string;
  /** The focus left the three selects (not for a submit button): the field was touched. */
  onLeave?: () => void;
  thisYear: number;
  /** The years offered (dateParts.yearOptions): 1900 to this year unless the field says more. */
  years?: YearRange;
  disabled?: boolean;
}

const MONTHS = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }));

/**
 * A date as month, day and year selects in one fieldset (spec 2 §4): the days follow the month's
 * length, a day the month does not have is reset, and the field is required once any select is
 * chosen. The rules' words come from dateFieldError; this draws them.
 */
export function DateField({
  legend,
  name,
  value,
  onChange,
  required,
  error,
  onLeave,
  thisYear,
  years: range,
  disabled,
}: DateFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const mustFill = Boolean(required) || !isEmptyDate(value);
  const days = dayOptions(value).map((d) => ({ value: String(d), label: String(d) }));
  const offered = yearOptions(thisYear, range);
  // A saved date older than the list still shows (and is then refused by the rule, in words).
  if (value.year && !offered.includes(Number(value.year))) offered.push(Number(value.year));
  const years = offered.map((y) => ({ value: String(y), label: String(y) }));
  // aria-required, not required: the legend carries the one *, not each of the three labels.
  const shared = {
    'aria-required': mustFill,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  // Month first: its select carries the field's own name, so a submit with an error focuses it.
  const selects: { part: keyof DateParts; label: string; name: string; options: { value: string; label: string }[] }[] = [
    { part: 'month', label: 'Month', name, options: MONTHS },
    { part: 'day', label: 'Day', name: `${name}-day`, options: days },
    { part: 'year', label: 'Year', name: `${name}-year`, options: years },
  ];
  return (
    <QuestionFieldset legend={legend} required={mustFill} error={error} errorId={errorId} onLeave={onLeave} className={styles.dateField}>
      <div className={styles.dateSelects}>
        {selects.map((select) => (
          <SelectField
            key={select.part}
            label={select.label}
            placeholder={select.label}
            name={select.name}
            options={select.options}
            value={value[select.part]}
            onChange={(e) => onChange(changeDate(value, { [select.part]: e.target.value }))}
            {...shared}
          />
        ))}
      </div>
    </QuestionFieldset>
  );
}
