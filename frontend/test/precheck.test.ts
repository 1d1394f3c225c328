import { describe, expect, it } from 'vitest';
import contract from '../../contracts/grants.json';
import {
  addDays,
  cardHeldSince,
  comeBackOn,
  daysBetween,
  judgeLastWorkDay,
  localToday,
  outOfWorkOn,
  precheckMessage,
  precheckRules,
  showDate,
} from '@/lib/precheck';

// The job loss pre-check's day rules (spec 2 §4, §9) at their edges, in calendar days. The same
// rules in a time zone with daylight saving are in precheckTimeZone.test.ts.

const TODAY = '2026-03-15';

describe('the limits come from contracts/grants.json', () => {
  it('are the spec’s', () => {
    expect(precheckRules).toEqual({ steps: 5, minDays: 45, maxDays: 730, cardHeldDays: 90, outOfWorkDays: 45 });
    expect(precheckRules).toBe(contract.precheck.limits);
  });
});

describe('calendar days', () => {
  it('counts days between dates, either way', () => {
    expect(daysBetween('2026-03-14', TODAY)).toBe(1);
    expect(daysBetween(TODAY, TODAY)).toBe(0);
    expect(daysBetween(TODAY, '2026-03-14')).toBe(-1);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2025-03-15', TODAY)).toBe(365);
  });

  it('knows 29 February', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2024-02-29', 365)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('refuses what is not a date', () => {
    expect(() => daysBetween('2026-3-5', TODAY)).toThrow(RangeError);
  });
});

describe('the last day at work (45 to 730 days)', () => {
  const at = (days: number) => judgeLastWorkDay(addDays(TODAY, -days), TODAY);

  it('is too soon under 45 days', () => {
    expect(at(44)).toEqual({ days: 44, eligible: false, reason: 'tooSoon' });
    expect(judgeLastWorkDay('2026-01-30', TODAY)).toEqual({ days: 44, eligible: false, reason: 'tooSoon' });
    expect(at(0).reason).toBe('tooSoon');
    // A day still ahead is too soon as well: come back 45 days after it.
    expect(at(-3)).toEqual({ days: -3, eligible: false, reason: 'tooSoon' });
  });

  it('is eligible from 45 to 730 days, both included', () => {
    expect(at(45)).toEqual({ days: 45, eligible: true });
    expect(judgeLastWorkDay('2026-01-29', TODAY)).toEqual({ days: 45, eligible: true });
    expect(at(400).eligible).toBe(true);
    expect(at(730)).toEqual({ days: 730, eligible: true });
    expect(judgeLastWorkDay('2024-03-15', TODAY)).toEqual({ days: 730, eligible: true });
  });

  it('is too late over 730 days', () => {
    expect(at(731)).toEqual({ days: 731, eligible: false, reason: 'tooLate' });
    expect(judgeLastWorkDay('2024-03-14', TODAY)).toEqual({ days: 731, eligible: false, reason: 'tooLate' });
  });

  it('counts a 29 February in between, and from one', () => {
    // 2024-02-29 to 2026-02-28 is 730 days (one leap day in between), and to 1 March 731.
    expect(judgeLastWorkDay('2024-02-29', '2026-02-28')).toEqual({ days: 730, eligible: true });
    expect(judgeLastWorkDay('2024-02-29', '2026-03-01')).toEqual({ days: 731, eligible: false, reason: 'tooLate' });
    expect(judgeLastWorkDay('2024-01-20', '2024-03-04')).toEqual({ days: 44, eligible: false, reason: 'tooSoon' });
    expect(judgeLastWorkDay('2024-01-20', '2024-03-05')).toEqual({ days: 45, eligible: true });
  });

  it('tells when to come back: the first day with 45 days out of work', () => {
    const last = '2026-01-30';
    expect(comeBackOn(last)).toBe('2026-03-16');
    expect(judgeLastWorkDay(last, comeBackOn(last)).eligible).toBe(true);
    expect(judgeLastWorkDay(last, addDays(comeBackOn(last), -1)).eligible).toBe(false);
    expect(comeBackOn('2024-02-29')).toBe('2024-04-14');
  });
});

describe('the card (held since 90 days before) and the documents (45 days after)', () => {
  it('asks about the day 90 calendar days before the last day at work', () => {
    expect(cardHeldSince('2026-05-01')).toBe('2026-01-31');
    expect(daysBetween(cardHeldSince('2026-05-01'), '2026-05-01')).toBe(90);
    expect(cardHeldSince('2024-02-29')).toBe('2023-12-01');
    expect(cardHeldSince('2024-05-29')).toBe('2024-02-29');
    expect(cardHeldSince('2025-05-29')).toBe('2025-02-28');
  });

  it('names the day 45 days after the last day at work', () => {
    expect(outOfWorkOn('2026-01-15')).toBe('2026-03-01');
    expect(outOfWorkOn('2024-01-15')).toBe('2024-02-29');
    expect(outOfWorkOn('2025-12-20')).toBe('2026-02-03');
  });
});

describe('words', () => {
  it('fills the product, the phone, a date and the constants', () => {
    expect(precheckMessage('cardTitle', { product: 'Union Benefits' })).toBe(
      'Are you a Union Benefits Credit Card or Teamster Privilege Credit Card cardholder?',
    );
    expect(precheckMessage('comeBack', { date: showDate('2026-03-16') })).toBe(
      'You must be out of work for at least 45 consecutive days. Please come back on or after March 16, 2026.',
    );
    expect(precheckMessage('heldTitle', { date: showDate(cardHeldSince('2026-05-01')) })).toBe(
      'Have you held your card since January 31, 2026?',
    );
    expect(precheckMessage('callSupport', { phone: '800-472-2005' })).toContain('800-472-2005');
    expect(precheckMessage('stepOf', { step: 2, steps: precheckRules.steps })).toBe('Step 2 of 5');
    expect(precheckMessage('ineligible')).toBe(
      'You are not currently eligible. Based on preliminary responses, you may not be eligible for the grant',
    );
    expect(precheckMessage('applyAnyway')).toContain('{link}');
  });

  it('leaves no placeholder unfilled once the wizard’s values are given', () => {
    const values = { product: 'Union Benefits', phone: '800-472-2005', date: 'March 16, 2026', step: 1, steps: 5 };
    for (const key of Object.keys(contract.precheck.messages) as (keyof typeof contract.precheck.messages)[]) {
      if (key === 'applyAnyway') continue;
      expect(precheckMessage(key, values), key).not.toMatch(/\{\w+\}/);
    }
  });

  it('takes today from the local calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 0, 0, 1))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 0, 5, 23, 59, 59))).toBe('2026-01-05');
  });
});
