// The date field's rules (spec 2 §4 'Date field'), apart from the component so the grant forms,
// the uploads and the job loss pre-check share them and they can be tested on their own. Dates
// are compared as 'YYYY-MM-DD' strings: no time zone can move a day.
import { grantLimits, grantMessage } from '@/lib/grants';

/** A date as its three selects hold it; '' is a select not chosen yet. Month and day are 1-based, unpadded. */
export interface DateParts {
  year: string;
  month: string;
  day: string;
}

export const EMPTY_DATE: DateParts = { year: '', month: '', day: '' };

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');

/** Days in a month; without a year February has 29, so no day is refused before the year is known. */
export function daysInMonth(month: number, year?: number): number {
  if (!month) return 31;
  if (month === 2) return year === undefined || Number.isNaN(year) ? 29 : new Date(Date.UTC(year, 2, 0)).getUTCDate();
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The day choices for the chosen month and year (all 31 until a month is chosen). */
export function dayOptions(parts: DateParts): number[] {
  const days = daysInMonth(Number(parts.month), parts.year ? Number(parts.year) : undefined);
  return Array.from({ length: days }, (_, i) => i + 1);
}

/**
 * The parts after one select changed: a day the month (or a leap year) no longer has is reset to
 * empty (spec 2 §4).
 */
export function changeDate(parts: DateParts, change: Partial<DateParts>): DateParts {
  const next = { ...parts, ...change };
  if (next.day && Number(next.day) > dayOptions(next).length) next.day = '';
  return next;
}

/**
 * A year list's two ends (spec 2 §3 'Wizard date field'): `startingYear` (default 1900) and
 * `endingYear` (default this year). A value under 200 is relative to this year: so many years back
 * for the start, ahead for the end; 0 is this year.
 */
export interface YearRange {
  startingYear?: number;
  endingYear?: number;
}

/** Below this a year list's end counts from this year (spec 2 §3). */
const RELATIVE_BELOW = 200;

/** The year choices, newest first, from the range's start to its end. */
export function yearOptions(thisYear: number, { startingYear = grantLimits.yearListStart, endingYear = 0 }: YearRange = {}): number[] {
  const first = startingYear < RELATIVE_BELOW ? thisYear - startingYear : startingYear;
  const last = endingYear < RELATIVE_BELOW ? thisYear + endingYear : endingYear;
  const years: number[] = [];
  for (let y = last; y >= first; y--) years.push(y);
  return years;
}

export const isEmptyDate = (p: DateParts) => !p.year && !p.month && !p.day;
export const isCompleteDate = (p: DateParts) => Boolean(p.year && p.month && p.day);

/** 'YYYY-MM-DD' of complete parts, else ''. */
export function toIsoDate(p: DateParts): string {
  return isCompleteDate(p) ? `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}` : '';
}

/** The parts of a 'YYYY-MM-DD' value; anything else is an empty date. */
export function fromIsoDate(value: unknown): DateParts {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return { ...EMPTY_DATE };
  return { year: String(Number(m[1])), month: String(Number(m[2])), day: String(Number(m[3])) };
}

/** Today as 'YYYY-MM-DD' in the local calendar. */
export function isoToday(now = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The same day `years` from an ISO date (negative: back); 29 February becomes 28 February (spec 2
 * §5), so the window never depends on a leap year.
 */
export function shiftYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-');
  const day = m === '02' && d === '29' ? '28' : d;
  return `${pad(Number(y) + years, 4)}-${m}-${day}`;
}

export interface DateRuleOptions {
  required?: boolean;
  /** A later date than `today` shows 'This date should not be in the future.' */
  noFutureDates?: boolean;
  /** 'YYYY-MM-DD'. */
  today: string;
}

/**
 * The date field's own error: required when empty and required, 'Please choose a valid date.'
 * once any select is chosen but not all (the field is then required, spec 2 §4), and the future
 * rule. Undefined when the date is fine (or empty and optional).
 */
export function dateFieldError(parts: DateParts, { required, noFutureDates, today }: DateRuleOptions): string | undefined {
  if (isEmptyDate(parts)) return required ? grantMessage('required') : undefined;
  if (!isCompleteDate(parts)) return grantMessage('dateInvalid');
  const iso = toIsoDate(parts);
  if (Number(parts.day) > daysInMonth(Number(parts.month), Number(parts.year))) return grantMessage('dateInvalid');
  if (noFutureDates && iso > today) return grantMessage('dateFuture');
  return undefined;
}
