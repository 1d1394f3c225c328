// The job loss pre-check wizard's state machine (spec 2 §4 'Pre-check wizard'), a plain reducer so
// every transition is tested on its own. The day rules themselves are in lib/precheck.ts.
import { EMPTY_DATE, isCompleteDate, toIsoDate, type DateParts } from '@/components/grants/dateParts';
import { judgeLastWorkDay, precheckRules, type DateIneligibility } from '@/lib/precheck';

/** 1 introduction, 2 last day at work, 3 the card, 4 held since, 5 the result. */
export type PrecheckStep = 1 | 2 | 3 | 4 | 5;

/** Why the answers so far rule the member out: the date (too soon, too late), no card, or not held long enough. */
export type Ineligibility = DateIneligibility | 'noCard' | 'notHeld';

export type Answer = 'yes' | 'no';

export interface PrecheckState {
  step: PrecheckStep;
  /** The current step's answer; null until answered (and after every move). */
  answer: Answer | null;
  /** The date selectors of step 2. */
  date: DateParts;
  /** The last day at work, 'YYYY-MM-DD', once step 2 was passed: steps 4 and 5 name days from it. */
  lastWorkDay: string | null;
  /** Set by a No (or a date out of the window), cleared by a Yes and by going back. */
  ineligible: Ineligibility | null;
}

export type PrecheckAction =
  | { type: 'next' }
  | { type: 'back' }
  /** A Yes or No at step 3 or 4. */
  | { type: 'answer'; answer: Answer }
  /** A date selector changed at step 2; `today` is the member's day ('YYYY-MM-DD'). */
  | { type: 'date'; date: DateParts; today: string };

export const initialPrecheck: PrecheckState = {
  step: 1,
  answer: null,
  date: EMPTY_DATE,
  lastWorkDay: null,
  ineligible: null,
};

const LAST_STEP = precheckRules.steps as PrecheckStep;

/** What a No means at each question. */
const NO_MEANS: Partial<Record<PrecheckStep, Ineligibility>> = { 3: 'noCard', 4: 'notHeld' };

/**
 * Whether Continue may be used: always on the introduction and the result; on a question once it
 * is answered Yes (a complete date in the window counts as Yes). A No ends the wizard there: its
 * message offers 'apply anyway', and Go back lets the member change the answer.
 */
export function canContinue(state: PrecheckState): boolean {
  if (state.step === 1 || state.step === LAST_STEP) return true;
  return state.answer === 'yes' && state.ineligible === null;
}

/** A move either way starts the new step unanswered, with empty date selectors (spec 2 §4). */
const moved = (state: PrecheckState, step: PrecheckStep): PrecheckState => ({ ...state, step, answer: null, date: EMPTY_DATE });

export function precheckReducer(state: PrecheckState, action: PrecheckAction): PrecheckState {
  switch (action.type) {
    case 'next': {
      if (state.step === LAST_STEP || !canContinue(state)) return state;
      const lastWorkDay = state.step === 2 ? toIsoDate(state.date) : state.lastWorkDay;
      return { ...moved(state, (state.step + 1) as PrecheckStep), lastWorkDay };
    }
    case 'back':
      // Back from the introduction leaves the wizard (the component goes to the previous page).
      if (state.step === 1) return state;
      return { ...moved(state, (state.step - 1) as PrecheckStep), ineligible: null };
    case 'answer': {
      const no = NO_MEANS[state.step];
      if (!no) return state;
      return { ...state, answer: action.answer, ineligible: action.answer === 'no' ? no : null };
    }
    case 'date': {
      if (state.step !== 2) return state;
      // An incomplete date is no answer, and nothing to judge yet.
      if (!isCompleteDate(action.date)) return { ...state, date: action.date, answer: null, ineligible: null };
      const verdict = judgeLastWorkDay(toIsoDate(action.date), action.today);
      return {
        ...state,
        date: action.date,
        answer: verdict.eligible ? 'yes' : 'no',
        ineligible: verdict.reason ?? null,
      };
    }
  }
}
