import { describe, expect, it } from 'vitest';
import {
  canSuggest,
  childAgeLabel,
  childAges,
  guestsSummary,
  hotelLimits,
  locationLabel,
  monthWeeks,
  monthsShown,
  moveDay,
  parseMdy,
  parseRange,
  pickDay,
  resultsHref,
  toYmd,
  formatMdy,
  formatRange,
} from '@/lib/hotels';
import { REDIRECT_PARAM, isPartnerRedirect, partnerRedirectPath } from '@/lib/partnerRedirect';

// lib/hotels.ts: the hotel search box's rules (spec 3 §5, §7, §9), from contracts/hotels.json.

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const today = day(2026, 11, 23);

describe('hotel search limits (spec 3 §9)', () => {
  it('are the spec figures', () => {
    expect(hotelLimits.rooms).toEqual({ min: 1, max: 9, default: 1 });
    expect(hotelLimits.adults).toEqual({ min: 1, max: 28, default: 2 });
    expect(hotelLimits.children).toEqual({ min: 0, max: 6, default: 0 });
    expect(hotelLimits.debounceMs).toBe(250);
    expect(hotelLimits.location.minChars).toBe(2);
  });

  it('gives children an age from Infant to 17', () => {
    expect(childAges).toHaveLength(18);
    expect(childAges.map(childAgeLabel).slice(0, 3)).toEqual(['Infant', '1', '2']);
    expect(childAgeLabel(17)).toBe('17');
  });
});

describe('suggestions', () => {
  it('start from 2 characters, spaces aside', () => {
    expect(canSuggest('n')).toBe(false);
    expect(canSuggest('  n  ')).toBe(false);
    expect(canSuggest('ne')).toBe(true);
    expect(canSuggest('a'.repeat(65))).toBe(false);
  });

  it('read as name and state', () => {
    expect(locationLabel({ id: '1', name: 'New York', state: 'NY', type: 'CITY' })).toBe('New York, NY');
    expect(locationLabel({ id: '1', name: 'Paris', type: 'CITY' })).toBe('Paris');
  });
});

describe('dates (spec 3 §5, §9)', () => {
  it('write yyyymmdd for the link and m/d/Y for the box', () => {
    expect(toYmd(day(2026, 12, 1))).toBe('20261201');
    expect(formatMdy(day(2026, 12, 1))).toBe('12/1/2026');
    expect(formatRange({ checkIn: day(2026, 12, 1), checkOut: day(2026, 12, 3) })).toBe('12/1/2026 to 12/3/2026');
  });

  it('read mm/dd/yyyy and m/d/yyyy, and only real days', () => {
    expect(parseMdy('12/01/2026')).toEqual(day(2026, 12, 1));
    expect(parseMdy('2/29/2028')).toEqual(day(2028, 2, 29));
    expect(parseMdy('2/29/2027')).toBeNull();
    expect(parseMdy('13/1/2026')).toBeNull();
    expect(parseMdy('2026-12-01')).toBeNull();
  });

  it("accept 'mm/dd/yyyy to mm/dd/yyyy' from today, check-out after check-in", () => {
    expect(parseRange('', today)).toBeNull();
    expect(parseRange('11/23/2026 to 11/24/2026', today)).toEqual({ checkIn: today, checkOut: day(2026, 11, 24) });
    expect(parseRange('12/01/2026 - 12/03/2026', today)).toEqual({ checkIn: day(2026, 12, 1), checkOut: day(2026, 12, 3) });
    expect(parseRange('11/22/2026 to 11/24/2026', today)).toBe('invalid'); // yesterday
    expect(parseRange('12/03/2026 to 12/01/2026', today)).toBe('invalid');
    expect(parseRange('12/03/2026 to 12/03/2026', today)).toBe('invalid');
    expect(parseRange('12/03/2026', today)).toBe('invalid');
    expect(parseRange('tomorrow to friday', today)).toBe('invalid');
  });

  it('lay a month out in weeks from Sunday', () => {
    const weeks = monthWeeks(day(2026, 11, 1)); // 1 November 2026 is a Sunday
    expect(weeks[0][0]).toEqual(day(2026, 11, 1));
    expect(weeks).toHaveLength(5);
    const december = monthWeeks(day(2026, 12, 1)); // a Tuesday
    expect(december[0].slice(0, 2)).toEqual([null, null]);
    expect(december.flat().filter(Boolean)).toHaveLength(31);
  });

  it('show two months from 768 px, one below', () => {
    expect(monthsShown(1280)).toBe(2);
    expect(monthsShown(768)).toBe(2);
    expect(monthsShown(767)).toBe(1);
    expect(monthsShown(390)).toBe(1);
  });

  it('move by keys: a day, a week, the week ends, a month', () => {
    const from = day(2026, 1, 31); // a Saturday
    expect(moveDay(from, 'ArrowRight')).toEqual(day(2026, 2, 1));
    expect(moveDay(from, 'ArrowLeft')).toEqual(day(2026, 1, 30));
    expect(moveDay(from, 'ArrowDown')).toEqual(day(2026, 2, 7));
    expect(moveDay(from, 'ArrowUp')).toEqual(day(2026, 1, 24));
    expect(moveDay(from, 'Home')).toEqual(day(2026, 1, 25));
    expect(moveDay(from, 'End')).toEqual(from);
    expect(moveDay(from, 'PageDown')).toEqual(day(2026, 2, 28));
    expect(moveDay(from, 'PageUp')).toEqual(day(2025, 12, 31));
    expect(moveDay(from, 'a')).toBeNull();
  });

  it('pick a range: check-in, then a later check-out; an earlier pick starts again', () => {
    let r = pickDay({ checkIn: null, checkOut: null }, day(2026, 12, 5));
    expect(r).toEqual({ checkIn: day(2026, 12, 5), checkOut: null });
    expect(pickDay(r, day(2026, 12, 4))).toEqual({ checkIn: day(2026, 12, 4), checkOut: null });
    r = pickDay(r, day(2026, 12, 8));
    expect(r).toEqual({ checkIn: day(2026, 12, 5), checkOut: day(2026, 12, 8) });
    expect(pickDay(r, day(2026, 12, 10))).toEqual({ checkIn: day(2026, 12, 10), checkOut: null });
  });
});

describe('guests', () => {
  it('sum up on the button', () => {
    expect(guestsSummary(1, 2, 0)).toBe('1 room, 2 adults');
    expect(guestsSummary(2, 1, 1)).toBe('2 rooms, 1 adult, 1 child');
    expect(guestsSummary(1, 2, 3)).toBe('1 room, 2 adults, 3 children');
  });
});

describe('the results link (spec 3 §7)', () => {
  const location = { id: '3000016152', name: 'New York', state: 'NY', type: 'CITY' };

  it('goes through the BFF with the destination, dates, rooms, adults and ages', () => {
    const href = resultsHref({
      location,
      dates: { checkIn: day(2026, 12, 1), checkOut: day(2026, 12, 3) },
      rooms: 2,
      adults: 3,
      childAges: [0, 9],
    });
    const url = new URL(href, 'http://x.invalid');
    expect(url.pathname).toBe('/api/v1/hotels/results');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      destinationId: '3000016152',
      destinationType: 'CITY',
      checkIn: '20261201',
      checkOut: '20261203',
      numRooms: '2',
      numAdults: '3',
      childrenAges: '0,9',
    });
  });

  it('leaves out dates and ages not chosen', () => {
    const url = new URL(resultsHref({ location, dates: null, rooms: 1, adults: 2, childAges: [] }), 'http://x.invalid');
    expect([...url.searchParams.keys()]).toEqual(['destinationId', 'destinationType', 'numRooms', 'numAdults']);
  });
});

describe('the partner redirect (spec 1 §7)', () => {
  it('knows its BFF route as a return target, and nothing else', () => {
    expect(isPartnerRedirect('/api/v1/hotels/redirect?redirect_url=https%3A%2F%2Fhotels.example.com%2F')).toBe(true);
    expect(isPartnerRedirect('/api/v1/hotels/redirect')).toBe(true);
    for (const path of ['/api/v1/hotels/redirects', '/api/v1/hotels/results?x=1', '/store', '/?redirect_url=x']) {
      expect(isPartnerRedirect(path)).toBe(false);
    }
  });

  it('hands redirect_url to the BFF as it is, and nothing else', () => {
    expect(REDIRECT_PARAM).toBe('redirect_url');
    expect(partnerRedirectPath(new URLSearchParams('a=1'))).toBeNull();
    expect(partnerRedirectPath(new URLSearchParams('redirect_url=%2Fstore%3Fx%3D1'))).toBe(
      '/api/v1/hotels/redirect?redirect_url=%2Fstore%3Fx%3D1',
    );
    expect(partnerRedirectPath(new URLSearchParams('redirect_url='))).toBe('/api/v1/hotels/redirect');
  });
});
