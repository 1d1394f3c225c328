// The hotel search box (spec 3 §2 'Hotel search box', §4-5 and §9 'Hotel search', §7 'Hotel
// results link'), from contracts/hotels.json: the BFF embeds the same file and enforces its
// limits, so the box and the BFF never disagree on a rule. Free of React and Next: the box, its
// tests and the BFF's rules read the same figures.
import contract from '../../contracts/hotels.json';
import type { HotelLocation } from './bff/types';
import * as bffPath from './bff/urls';

/** rooms 1-9 (1), adults 1-28 (2), children 0-6 (0), childAge 0-17, location 2-64 characters. */
export const hotelLimits = contract.limits;

/** What the box says. */
export const hotelWords = contract.messages;

export type { HotelLocation };

/** How a suggestion reads in the box and the list: 'New York, NY'. */
export function locationLabel(l: HotelLocation): string {
  return l.state ? `${l.name}, ${l.state}` : l.name;
}

/** A suggestion's kind in words: 'City', 'Hotel', 'Airport', ... */
export function locationKind(type: string): string {
  const t = type.replace(/_/g, ' ').toLowerCase();
  return t === 'poi' ? 'Place' : t.charAt(0).toUpperCase() + t.slice(1);
}

/** Whether typed text is long enough to ask for suggestions (spec 3 §5: from 2 characters). */
export function canSuggest(text: string): boolean {
  const q = text.trim().replace(/\s+/g, ' ');
  return [...q].length >= hotelLimits.location.minChars && [...q].length <= hotelLimits.location.maxChars;
}

// Dates. A day is a Date at local midnight: the reader's calendar decides what today is.

/** The day a moment falls on, at local midnight. */
export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}

/** The first day of the month n months after d's. */
export function addMonths(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth() + n, 1);
}

export function sameDay(a: Date | null | undefined, b: Date | null | undefined): boolean {
  return !!a && !!b && a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** yyyymmdd, as the results link carries a date (spec 3 §5). */
export function toYmd(d: Date): string {
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}

/** m/d/Y, the date picker's format (spec 3 §9): '12/1/2026'. */
export function formatMdy(d: Date): string {
  return `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
}

/** A m/d/yyyy or mm/dd/yyyy date that exists in the calendar, or null. */
export function parseMdy(text: string): Date | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(year, month - 1, day);
  return d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day ? d : null;
}

export interface DateRange {
  checkIn: Date;
  checkOut: Date;
}

/** The range as the date box writes it: '12/1/2026 to 12/3/2026'. */
export function formatRange(r: DateRange): string {
  return `${formatMdy(r.checkIn)} to ${formatMdy(r.checkOut)}`;
}

/** The last day a check-in may be, as the BFF counts it. */
export function lastCheckIn(today: Date): Date {
  return addDays(today, hotelLimits.maxDaysAhead);
}

/** Whether a range may be searched: check-in from today on, check-out after it. */
export function validRange(r: DateRange, today: Date): boolean {
  const t = startOfDay(today);
  return r.checkIn >= t && r.checkIn <= lastCheckIn(t) && r.checkOut > r.checkIn &&
    r.checkOut <= addDays(r.checkIn, hotelLimits.maxDaysAhead);
}

/**
 * Typed dates (spec 3 §5: 'mm/dd/yyyy to mm/dd/yyyy'): the range, null for an empty box (dates
 * are optional), or 'invalid'.
 */
export function parseRange(text: string, today: Date): DateRange | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  const parts = t.split(/\s+to\s+|\s*[-–]\s*/i);
  if (parts.length !== 2) return 'invalid';
  const checkIn = parseMdy(parts[0]);
  const checkOut = parseMdy(parts[1]);
  if (!checkIn || !checkOut) return 'invalid';
  const r = { checkIn, checkOut };
  return validRange(r, today) ? r : 'invalid';
}

/** The weeks of a month, Sunday first; days outside it are null. */
export function monthWeeks(month: Date): (Date | null)[][] {
  const first = addMonths(month, 0);
  const days = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  const cells: (Date | null)[] = Array.from({ length: first.getDay() }, () => null);
  for (let d = 1; d <= days; d++) cells.push(new Date(first.getFullYear(), first.getMonth(), d));
  while (cells.length % 7) cells.push(null);
  const weeks: (Date | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** How many months the calendar shows at a viewport width (spec 3 §9: 2 from 768 px, else 1). */
export function monthsShown(width: number): 1 | 2 {
  return width >= hotelLimits.monthsWideMinWidth ? 2 : 1;
}

/**
 * The day a calendar key moves to from `from` (arrows by day and week, Home and End to the
 * week's ends, Page Up and Down by month, keeping the day where the month has it), or null for
 * any other key.
 */
export function moveDay(from: Date, key: string): Date | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(from, -1);
    case 'ArrowRight':
      return addDays(from, 1);
    case 'ArrowUp':
      return addDays(from, -7);
    case 'ArrowDown':
      return addDays(from, 7);
    case 'Home':
      return addDays(from, -from.getDay());
    case 'End':
      return addDays(from, 6 - from.getDay());
    case 'PageUp':
    case 'PageDown': {
      const month = addMonths(from, key === 'PageUp' ? -1 : 1);
      const last = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
      return new Date(month.getFullYear(), month.getMonth(), Math.min(from.getDate(), last));
    }
    default:
      return null;
  }
}

/**
 * The range after a day is picked: the first pick (or a pick on or before the check-in) starts
 * a new range; the next one after it ends it.
 */
export function pickDay(current: { checkIn: Date | null; checkOut: Date | null }, day: Date) {
  if (!current.checkIn || current.checkOut || day <= current.checkIn) return { checkIn: day, checkOut: null };
  return { checkIn: current.checkIn, checkOut: day };
}

// Guests.

/** A child's age in words: 'Infant' for 0 (spec 3 §9), else the years. */
export function childAgeLabel(age: number): string {
  return age === 0 ? hotelWords.infant : String(age);
}

/** The ages a child may have, Infant to 17. */
export const childAges: readonly number[] = Array.from(
  { length: hotelLimits.childAge.max - hotelLimits.childAge.min + 1 },
  (_, i) => hotelLimits.childAge.min + i,
);

export function clamp(n: number, bounds: { min: number; max: number }): number {
  return Math.min(bounds.max, Math.max(bounds.min, n));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The guest button's summary: '1 room, 2 adults, 1 child'. */
export function guestsSummary(rooms: number, adults: number, children: number): string {
  const parts = [plural(rooms, 'room', 'rooms'), plural(adults, 'adult', 'adults')];
  if (children > 0) parts.push(plural(children, 'child', 'children'));
  return parts.join(', ');
}

export interface HotelSearch {
  location: HotelLocation;
  dates: DateRange | null;
  rooms: number;
  adults: number;
  /** One per child; null until chosen. */
  childAges: (number | null)[];
}

/**
 * The results link (spec 3 §7): the BFF's address that sends the browser on to the partner's
 * listings page with wl_source=searchbox and the member key added, from the destination and,
 * when chosen, the dates (yyyymmdd), rooms, adults and the children's ages.
 */
export function resultsHref(s: HotelSearch): string {
  const ages = s.childAges.filter((a): a is number => a !== null);
  return bffPath.hotelResults({
    destinationId: s.location.id,
    destinationType: s.location.type,
    checkIn: s.dates ? toYmd(s.dates.checkIn) : undefined,
    checkOut: s.dates ? toYmd(s.dates.checkOut) : undefined,
    numRooms: s.rooms,
    numAdults: s.adults,
    childrenAges: ages.length > 0 ? ages.join(',') : undefined,
  });
}
