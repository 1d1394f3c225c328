// The job loss grant pre-check's rules and words (spec 2 §2, §4, §8, §9), from
// contracts/grants.json's `precheck`: the one place the 45, 730 and 90-day rules are applied.
//
// Every date is a 'YYYY-MM-DD' day of the member's own calendar, and every count is of calendar
// days: the difference of two such days taken as UTC dates (Date.UTC), which have no daylight
// saving, so a count never depends on the hour, the time zone or a clock change in between.
import contract from '../../contracts/grants.json';
import { formatDisplayDate } from './dates';

export const precheckRules = contract.precheck.limits;

export type PrecheckMessageKey = keyof typeof contract.precheck.messages;

/**
 * A message of the pre-check with its {placeholders} filled: the given values, and any limit by its
 * name ({minDays}, {cardHeldDays}, ...), so the words never disagree with the rules.
 */
export function precheckMessage(key: PrecheckMessageKey, values: Record<string, string | number> = {}): string {
  const all: Record<string, string | number> = { ...precheckRules, ...values };
  return contract.precheck.messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    all[name] === undefined ? whole : String(all[name]),
  );
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The day as a count of days since 1970-01-01 (UTC dates have no clock changes). */
function dayNumber(iso: string): number {
  const m = ISO.exec(iso);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${iso}`);
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

function fromDayNumber(n: number): string {
  const d = new Date(n * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Today in the member's calendar (the browser's local date), as 'YYYY-MM-DD'. */
export function localToday(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Calendar days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The day `days` calendar days after `iso` (before, when negative); 29 February counts as any day. */
export function addDays(iso: string, days: number): string {
  return fromDayNumber(dayNumber(iso) + days);
}

/** Why the last day at work rules the member out: too recent, or too long ago. */
export type DateIneligibility = 'tooSoon' | 'tooLate';

export interface LastWorkDayVerdict {
  /** Calendar days since the last day at work (negative for a day still ahead). */
  days: number;
  eligible: boolean;
  reason?: DateIneligibility;
}

/**
 * The date step's answer (spec 2 §4): fewer than minDays or more than maxDays since the last day
 * at work is No and not eligible; anything from minDays to maxDays, both included, is Yes.
 */
export function judgeLastWorkDay(lastWorkDay: string, today: string): LastWorkDayVerdict {
  const days = daysBetween(lastWorkDay, today);
  if (days < precheckRules.minDays) return { days, eligible: false, reason: 'tooSoon' };
  if (days > precheckRules.maxDays) return { days, eligible: false, reason: 'tooLate' };
  return { days, eligible: true };
}

/** The first day the member has been out of work for minDays: when to come back. */
export const comeBackOn = (lastWorkDay: string) => addDays(lastWorkDay, precheckRules.minDays);

/** The day the card must have been held since: cardHeldDays before the last day at work. */
export const cardHeldSince = (lastWorkDay: string) => addDays(lastWorkDay, -precheckRules.cardHeldDays);

/** The day the member must show they were still out of work: outOfWorkDays after the last day at work. */
export const outOfWorkOn = (lastWorkDay: string) => addDays(lastWorkDay, precheckRules.outOfWorkDays);

/** A day as the wizard shows it, 'MMMM DD, YYYY'. */
export const showDate = (iso: string) => formatDisplayDate(iso);
