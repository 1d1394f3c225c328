import { describe, expect, it } from 'vitest';
import { EMPTY_DATE, type DateParts } from '@/components/grants/dateParts';
import {
  canContinue,
  initialPrecheck,
  precheckReducer,
  type PrecheckAction,
  type PrecheckState,
} from '@/components/precheck/precheckReducer';

// The pre-check wizard's transitions (spec 2 §4 'Pre-check wizard').

const TODAY = '2026-03-15';
const parts = (iso: string): DateParts => {
  const [year, month, day] = iso.split('-').map(Number);
  return { year: String(year), month: String(month), day: String(day) };
};
const run = (...actions: PrecheckAction[]) => actions.reduce(precheckReducer, initialPrecheck);
const next: PrecheckAction = { type: 'next' };
const back: PrecheckAction = { type: 'back' };
const yes: PrecheckAction = { type: 'answer', answer: 'yes' };
const no: PrecheckAction = { type: 'answer', answer: 'no' };
const date = (iso: string): PrecheckAction => ({ type: 'date', date: parts(iso), today: TODAY });
/** 60 days before TODAY: in the window. */
const GOOD_DAY = '2026-01-14';

describe('the pre-check wizard', () => {
  it('starts at step 1, unanswered; step 1 goes forward without an answer', () => {
    expect(initialPrecheck).toEqual({ step: 1, answer: null, date: EMPTY_DATE, lastWorkDay: null, ineligible: null });
    expect(canContinue(initialPrecheck)).toBe(true);
    expect(run(next).step).toBe(2);
    // Back from step 1 leaves the wizard: the component goes to the previous page.
    expect(run(back)).toBe(initialPrecheck);
  });

  it('waits for a complete date at step 2; an incomplete one is no answer', () => {
    let s = run(next);
    expect(canContinue(s)).toBe(false);
    expect(precheckReducer(s, next)).toBe(s);
    s = precheckReducer(s, { type: 'date', date: { year: '2026', month: '1', day: '' }, today: TODAY });
    expect(s.answer).toBeNull();
    expect(canContinue(s)).toBe(false);
    s = precheckReducer(s, date(GOOD_DAY));
    expect(s).toMatchObject({ answer: 'yes', ineligible: null });
    expect(canContinue(s)).toBe(true);
  });

  it('answers No and not eligible under 45 or over 730 days, Yes in between', () => {
    expect(run(next, date('2026-01-30'))).toMatchObject({ answer: 'no', ineligible: 'tooSoon' }); // 44 days
    expect(run(next, date('2026-01-29'))).toMatchObject({ answer: 'yes', ineligible: null }); // 45
    expect(run(next, date('2024-03-15'))).toMatchObject({ answer: 'yes', ineligible: null }); // 730
    expect(run(next, date('2024-03-14'))).toMatchObject({ answer: 'no', ineligible: 'tooLate' }); // 731
    // Not eligible: Continue stays off; the notice offers 'apply anyway'.
    const s = run(next, date('2026-01-30'));
    expect(canContinue(s)).toBe(false);
    expect(precheckReducer(s, next)).toBe(s);
    // A better date clears it; emptying a select clears the answer and the notice.
    expect(precheckReducer(s, date(GOOD_DAY))).toMatchObject({ answer: 'yes', ineligible: null });
    expect(precheckReducer(s, { type: 'date', date: { ...parts('2026-01-30'), day: '' }, today: TODAY })).toMatchObject({
      answer: null,
      ineligible: null,
    });
  });

  it('keeps the last day at work for the next steps, and clears the answer and the selectors on each move', () => {
    const s = run(next, date(GOOD_DAY), next);
    expect(s).toEqual({ step: 3, answer: null, date: EMPTY_DATE, lastWorkDay: GOOD_DAY, ineligible: null });
    expect(run(next, date(GOOD_DAY), next, yes, next)).toEqual({
      step: 4,
      answer: null,
      date: EMPTY_DATE,
      lastWorkDay: GOOD_DAY,
      ineligible: null,
    });
  });

  it('a Yes sets eligible, a No ineligible, at the card and the held-since steps', () => {
    const card = run(next, date(GOOD_DAY), next);
    expect(canContinue(card)).toBe(false);
    expect(precheckReducer(card, no)).toMatchObject({ answer: 'no', ineligible: 'noCard' });
    expect(canContinue(precheckReducer(card, no))).toBe(false);
    expect(run(next, date(GOOD_DAY), next, no, yes)).toMatchObject({ answer: 'yes', ineligible: null });
    expect(canContinue(run(next, date(GOOD_DAY), next, no, yes))).toBe(true);

    const held = run(next, date(GOOD_DAY), next, yes, next);
    expect(precheckReducer(held, no)).toMatchObject({ answer: 'no', ineligible: 'notHeld' });
    expect(precheckReducer(held, yes)).toMatchObject({ answer: 'yes', ineligible: null });
  });

  it('ends at step 5, where Continue is the way to the form', () => {
    const s = run(next, date(GOOD_DAY), next, yes, next, yes, next);
    expect(s).toMatchObject({ step: 5, answer: null, lastWorkDay: GOOD_DAY });
    expect(canContinue(s)).toBe(true);
    expect(precheckReducer(s, next)).toBe(s);
  });

  it('going back clears the answer, the selectors and the ineligible flag', () => {
    const ruledOut = run(next, date(GOOD_DAY), next, yes, next, no);
    expect(ruledOut.ineligible).toBe('notHeld');
    expect(precheckReducer(ruledOut, back)).toEqual({
      step: 3,
      answer: null,
      date: EMPTY_DATE,
      lastWorkDay: GOOD_DAY,
      ineligible: null,
    });
    const tooSoon = run(next, date('2026-03-01'));
    expect(precheckReducer(tooSoon, back)).toEqual({ ...initialPrecheck, step: 1 });
    // Back to step 2: the selectors are empty again, and Continue waits for a new date.
    const again = run(next, date(GOOD_DAY), next, back);
    expect(again).toMatchObject({ step: 2, answer: null, date: EMPTY_DATE });
    expect(canContinue(again)).toBe(false);
  });

  it('ignores answers that do not belong to the step', () => {
    const intro: PrecheckState = initialPrecheck;
    expect(precheckReducer(intro, yes)).toBe(intro);
    expect(precheckReducer(intro, date(GOOD_DAY))).toBe(intro);
    const card = run(next, date(GOOD_DAY), next);
    expect(precheckReducer(card, date(GOOD_DAY))).toBe(card);
  });
});
