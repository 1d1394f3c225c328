import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cardHeldSince, daysBetween, judgeLastWorkDay, localToday, outOfWorkOn } from '@/lib/precheck';

// The pre-check's days in a member's calendar with daylight saving (America/New_York: clocks
// go forward on 8 March 2026 and back on 1 November 2026). A day across a change is 23 or 25
// hours long, so counting 24-hour steps between local midnights would be off by one; the rules
// count calendar days and must not be. Node applies a TZ set at run time to later Dates.

const saved = process.env.TZ;

beforeAll(() => {
  process.env.TZ = 'America/New_York';
});

afterAll(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

/** Days between two local midnights measured in 24-hour steps: what the rules must not do. */
const naive = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / 86_400_000);

describe('in America/New_York', () => {
  it('has daylight saving (or this test proves nothing)', () => {
    expect(new Date(2026, 2, 7).getTimezoneOffset()).toBe(300);
    expect(new Date(2026, 2, 9).getTimezoneOffset()).toBe(240);
  });

  it('counts 45 days across the spring change, where 24-hour steps give 44', () => {
    const last = new Date(2026, 0, 23);
    const now = new Date(2026, 2, 9, 0, 10); // ten past midnight, local, after the change
    expect(naive(last, new Date(2026, 2, 9))).toBe(44);
    const today = localToday(now);
    expect(today).toBe('2026-03-09');
    expect(judgeLastWorkDay(localToday(last), today)).toEqual({ days: 45, eligible: true });
    expect(judgeLastWorkDay('2026-01-24', today)).toEqual({ days: 44, eligible: false, reason: 'tooSoon' });
  });

  it('counts across the autumn change', () => {
    const today = localToday(new Date(2026, 10, 2, 23, 50));
    expect(today).toBe('2026-11-02');
    expect(judgeLastWorkDay('2026-09-18', today)).toEqual({ days: 45, eligible: true });
    expect(judgeLastWorkDay('2026-09-19', today).eligible).toBe(false);
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
  });

  it('takes today from the local day, not the UTC one, around midnight', () => {
    // 03:30 UTC on 9 March is 23:30 on 8 March in New York.
    expect(localToday(new Date('2026-03-09T03:30:00Z'))).toBe('2026-03-08');
    expect(localToday(new Date('2026-03-09T04:30:00Z'))).toBe('2026-03-09');
    // With 45 days reached on 9 March, the member at 23:30 on 8 March is one day short.
    expect(judgeLastWorkDay('2026-01-23', localToday(new Date('2026-03-09T03:30:00Z'))).eligible).toBe(false);
  });

  it('names the days before and after a change as calendar days', () => {
    expect(cardHeldSince('2026-06-06')).toBe('2026-03-08');
    expect(outOfWorkOn('2026-01-23')).toBe('2026-03-09');
    expect(outOfWorkOn('2026-09-20')).toBe('2026-11-04');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
  });
});
