import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { grantMessage } from '@/lib/grants';
import { CheckboxGroup, checkboxGroupError } from '@/components/grants/CheckboxGroup';
import { DateField } from '@/components/grants/DateField';
import { GrantFieldControl } from '@/components/grants/GrantFieldControl';
import type { GrantValue } from '@/components/grants/grantRules';
import {
  changeDate,
  dateFieldError,
  dayOptions,
  daysInMonth,
  EMPTY_DATE,
  fromIsoDate,
  shiftYears,
  toIsoDate,
  yearOptions,
  type DateParts,
} from '@/components/grants/dateParts';

// The reusable date field and checkbox group of the grant forms (spec 2 §4 'Date field', §5
// 'Checkbox group'); the uploads and the pre-check use them too.

const TODAY = '2025-06-15';

describe('date parts', () => {
  it('follows the month length, February by the year once it is known', () => {
    expect(daysInMonth(1)).toBe(31);
    expect(daysInMonth(4)).toBe(30);
    expect(daysInMonth(2)).toBe(29);
    expect(daysInMonth(2, 2023)).toBe(28);
    expect(daysInMonth(2, 2024)).toBe(29);
    expect(dayOptions({ year: '2023', month: '2', day: '' })).toHaveLength(28);
    expect(dayOptions(EMPTY_DATE)).toHaveLength(31);
  });

  it('resets a day the month does not have', () => {
    expect(changeDate({ year: '2025', month: '1', day: '31' }, { month: '4' })).toEqual({ year: '2025', month: '4', day: '' });
    expect(changeDate({ year: '', month: '2', day: '29' }, { year: '2023' }).day).toBe('');
    expect(changeDate({ year: '', month: '2', day: '29' }, { year: '2024' }).day).toBe('29');
    expect(changeDate({ year: '2025', month: '3', day: '30' }, { month: '5' }).day).toBe('30');
  });

  it('lists the years from 1900 to this year, newest first, or further ahead', () => {
    const years = yearOptions(2025);
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(1900);
    expect(yearOptions(2025, { endingYear: 10 })[0]).toBe(2035);
  });

  it('reads a range end under 200 as relative to this year, 0 as this year (spec 2 §3)', () => {
    expect(yearOptions(2025, { startingYear: 2 })).toEqual([2025, 2024, 2023]);
    expect(yearOptions(2025, { startingYear: 0, endingYear: 1 })).toEqual([2026, 2025]);
    expect(yearOptions(2025, { startingYear: 2020, endingYear: 2022 })).toEqual([2022, 2021, 2020]);
  });

  it('reads and writes YYYY-MM-DD', () => {
    expect(toIsoDate({ year: '2025', month: '3', day: '5' })).toBe('2025-03-05');
    expect(toIsoDate({ year: '2025', month: '3', day: '' })).toBe('');
    expect(fromIsoDate('2024-02-29')).toEqual({ year: '2024', month: '2', day: '29' });
    expect(fromIsoDate('nonsense')).toEqual(EMPTY_DATE);
    expect(shiftYears('2024-02-29', -2)).toBe('2022-02-28');
  });

  it('is required when asked, and once any select is chosen; never in the future with noFutureDates', () => {
    expect(dateFieldError(EMPTY_DATE, { today: TODAY })).toBeUndefined();
    expect(dateFieldError(EMPTY_DATE, { required: true, today: TODAY })).toBe(grantMessage('required'));
    expect(dateFieldError({ year: '', month: '3', day: '' }, { today: TODAY })).toBe(grantMessage('dateInvalid'));
    expect(dateFieldError({ year: '2025', month: '6', day: '16' }, { noFutureDates: true, today: TODAY })).toBe(
      'This date should not be in the future.',
    );
    expect(dateFieldError({ year: '2025', month: '6', day: '15' }, { noFutureDates: true, today: TODAY })).toBeUndefined();
    expect(dateFieldError({ year: '2025', month: '6', day: '16' }, { today: TODAY })).toBeUndefined();
  });
});

function StatefulDate({ initial = EMPTY_DATE, error, required }: { initial?: DateParts; error?: string; required?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField legend="Last day at work" name="lastWorkDay" value={value} onChange={setValue} thisYear={2025} error={error} required={required} />
      <output data-testid="iso">{toIsoDate(value)}</output>
    </>
  );
}

describe('DateField', () => {
  it('is a fieldset of three labelled selects, whose days follow the month', () => {
    render(<StatefulDate />);
    const group = screen.getByRole('group', { name: 'Last day at work' });
    const month = within(group).getByLabelText('Month');
    const day = within(group).getByLabelText('Day');
    const year = within(group).getByLabelText('Year');
    fireEvent.change(year, { target: { value: '2023' } });
    fireEvent.change(month, { target: { value: '2' } });
    expect(within(day).getAllByRole('option')).toHaveLength(29); // the placeholder and 28 days
    expect(within(year).getAllByRole('option').at(1)?.textContent).toContain('2025');
    expect(within(year).getAllByRole('option').at(-1)?.textContent).toContain('1900');
  });

  it('resets an impossible day and gives the date once complete', () => {
    render(<StatefulDate initial={{ year: '2025', month: '1', day: '31' }} />);
    expect(screen.getByTestId('iso')?.textContent).toContain('2025-01-31');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '4' } });
    expect((screen.getByLabelText('Day') as HTMLSelectElement).value).toBe('');
    expect(screen.getByTestId('iso').textContent).toBe('');
  });

  it('marks itself required once any select is chosen', () => {
    render(<StatefulDate />);
    const group = screen.getByRole('group', { name: 'Last day at work' });
    expect(group.querySelector('legend')?.textContent).not.toContain('*');
    expect(screen.getByLabelText('Month').getAttribute('aria-required')).toBe('false');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '3' } });
    expect(group.querySelector('legend')?.textContent).toContain('*');
    expect(screen.getByLabelText('Day').getAttribute('aria-required')).toBe('true');
  });

  it('ties its error to the group and to each select', () => {
    render(<StatefulDate error="This date should not be in the future." required />);
    const error = screen.getByText('This date should not be in the future.');
    for (const label of ['Month', 'Day', 'Year']) {
      const select = screen.getByLabelText(new RegExp(`^${label}`));
      expect(select.getAttribute('aria-invalid')).toBe('true');
      expect(select.getAttribute('aria-describedby')).toBe(error.id);
    }
    expect(screen.getByRole('group').getAttribute('aria-describedby')).toBe(error.id);
  });
});

function StatefulGroup({ required = true, showError = true }: { required?: boolean; showError?: boolean }) {
  const [values, setValues] = useState<string[]>([]);
  const legend = 'Programs you participate in';
  return (
    <>
      <CheckboxGroup
        legend={legend}
        name="programParticipation"
        options={[
          { value: '7', label: 'Credit Card' },
          { value: '29', label: 'Mortgage' },
          { value: '25', label: 'Insurance' },
        ]}
        values={values}
        onChange={setValues}
        required={required}
        error={showError ? checkboxGroupError(legend, values, required) : undefined}
      />
      <output data-testid="values">{values.join(',')}</output>
    </>
  );
}

describe('CheckboxGroup', () => {
  it("says '{legend}: At least one value is required.' while none is chosen, and shows * when required", () => {
    render(<StatefulGroup />);
    const group = screen.getByRole('group', { name: /Programs you participate in/ });
    expect(group.querySelector('legend')?.textContent).toContain('Programs you participate in *');
    const error = screen.getByText('Programs you participate in: At least one value is required.');
    expect(screen.getByLabelText('Credit Card').getAttribute('aria-describedby')).toBe(error.id);
    fireEvent.click(screen.getByLabelText('Insurance'));
    fireEvent.click(screen.getByLabelText('Credit Card'));
    expect(screen.getByTestId('values')?.textContent).toContain('7,25');
    expect(screen.queryByText(/At least one value is required/)).toBeNull();
  });

  it('has no * and no error when optional', () => {
    render(<StatefulGroup required={false} />);
    expect(screen.getByRole('group').querySelector('legend')?.textContent).not.toContain('*');
    expect(checkboxGroupError('Anything', [], false)).toBeUndefined();
  });
});

describe('an amount field', () => {
  /** A grant form's amount field, as its form keeps it. */
  function Amount({ type }: { type: 'digits' | 'money' }) {
    const [value, setValue] = useState<GrantValue>('');
    return (
      <GrantFieldControl
        field={{ name: 'annualIncome', label: 'Annual household income', type }}
        value={value}
        onChange={setValue}
        onTouch={() => undefined}
        required
        unions={[]}
        thisYear={2025}
      />
    );
  }

  it('drops the thousands commas people type, so "60,000" is the amount 60000', () => {
    render(<Amount type="digits" />);
    const input = screen.getByLabelText(/^Annual household income/);
    fireEvent.change(input, { target: { value: '60,000' } });
    expect((input as HTMLInputElement).value).toBe('60000');
  });

  it('keeps the cents of an expense: "2,500.50" is 2500.50', () => {
    render(<Amount type="money" />);
    const input = screen.getByLabelText(/^Annual household income/);
    fireEvent.change(input, { target: { value: '2,500.50' } });
    expect((input as HTMLInputElement).value).toBe('2500.50');
  });
});

describe("a grant date's years", () => {
  function GrantDate({ window, initial = '' }: { window?: 'jobLossDate' | 'workReturn'; initial?: GrantValue }) {
    const [value, setValue] = useState<GrantValue>(initial);
    return (
      <GrantFieldControl
        field={{ name: 'lastWorkDay', label: 'Last day at work', type: 'date', window }}
        value={value}
        onChange={setValue}
        onTouch={() => undefined}
        required
        unions={[]}
        thisYear={2025}
      />
    );
  }
  const years = () => within(screen.getByLabelText('Year')).getAllByRole('option').slice(1).map((o) => o.textContent);

  it('offers only the years a date within the last 24 months can fall in', () => {
    render(<GrantDate window="jobLossDate" />);
    expect(years()).toEqual(['2025', '2024', '2023']);
  });

  it('still shows a saved date from before them, for its rule to refuse in words', () => {
    render(<GrantDate window="jobLossDate" initial={{ year: '2019', month: '5', day: '1' }} />);
    expect(years()).toEqual(['2025', '2024', '2023', '2019']);
    expect((screen.getByLabelText('Year') as HTMLSelectElement).value).toBe('2019');
  });

  it('offers a return to work from this year to ten ahead, and other dates from 1900', () => {
    const { unmount } = render(<GrantDate window="workReturn" />);
    expect(years()[0]).toBe('2035');
    expect(years().at(-1)).toBe('2025');
    unmount();
    render(<GrantDate />);
    expect(years().at(-1)).toBe('1900');
  });
});
