// A grant form's values and the browser's mirror of the rules of contracts/grants.json (spec 2 §5),
// apart from the component so they can be tested. The BFF checks the same rules with the same
// messages and is the authority; each error is keyed by the field name its field errors use too.
import { validEmail } from '@/lib/accounts';
import type { CaseFields, FormUnion, GrantKind } from '@/lib/bff/types';
import {
  grantLimits,
  grantMessage,
  grantPatterns,
  grantStates,
  grantFields,
  isRequired,
  shownFields,
  type GrantField,
  type GrantMessageKey,
} from '@/lib/grants';
import type { FieldErrors } from '@/components/forms/useForm';
import { checkboxGroupError } from './CheckboxGroup';
import { dateFieldError, fromIsoDate, isCompleteDate, isEmptyDate, shiftYears, toIsoDate, type DateParts } from './dateParts';

/** One control's value: text, a checkbox, a checkbox group's choices, or a date's selects. */
export type GrantValue = string | boolean | string[] | DateParts;
export type GrantValues = Record<string, GrantValue>;

/** What the rules need besides the values. */
export interface GrantContext {
  kind: GrantKind;
  unionLocalRequired: boolean;
  unions: FormUnion[];
  /** 'YYYY-MM-DD', the day the dates are judged against. */
  today: string;
}

const STATE_CODES = new Set(grantStates.map((s) => s.code));

/** The field types whose text must match a pattern of the contract, and what each says when not. */
const PATTERN_CHECKS: Partial<Record<GrantField['type'], { pattern: RegExp; message: GrantMessageKey }>> = {
  phone: { pattern: grantPatterns.phone, message: 'phoneInvalid' },
  zip: { pattern: grantPatterns.zip, message: 'zipInvalid' },
  fourDigits: { pattern: grantPatterns.fourDigits, message: 'fourDigits' },
  digits: { pattern: grantPatterns.digits, message: 'digitsOnly' },
  money: { pattern: grantPatterns.money, message: 'money' },
};

export const asText = (v: GrantValue | undefined): string => (typeof v === 'string' ? v : '');
export const asList = (v: GrantValue | undefined): string[] => (Array.isArray(v) ? v : []);
export const asDate = (v: GrantValue | undefined): DateParts =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : { year: '', month: '', day: '' };

/** A stored state code as the form offers it: 'home_' stripped, upper case (spec 2 §5). */
export function normaliseState(code: string): string {
  return code.replace(/^home_/i, '').trim().toUpperCase();
}

/** The starting values of a kind's form: empty, then the BFF's prefill from the member's profile. */
export function initialGrantValues(kind: GrantKind, prefill: CaseFields = {}): GrantValues {
  const values: GrantValues = {};
  for (const field of shownFields(kind)) {
    const given = prefill[field.name];
    switch (field.type) {
      case 'checkbox':
        values[field.name] = given === true;
        break;
      case 'checkboxGroup':
        values[field.name] = Array.isArray(given) ? given : [];
        break;
      case 'date':
        values[field.name] = fromIsoDate(given);
        break;
      case 'state':
        values[field.name] = typeof given === 'string' ? normaliseState(given) : '';
        break;
      default:
        values[field.name] = typeof given === 'string' ? given : '';
    }
  }
  // The confirmation starts as the email it confirms, as the profile's email is already confirmed.
  if (asText(values.confirmEmail) === '' && asText(values.email) !== '') values.confirmEmail = values.email;
  return values;
}

/** The dates' 24-month rule: within two years back from today, 29 February as 28 February (spec 2 §5). */
export function withinWindow(iso: string, today: string): boolean {
  return iso >= shiftYears(today, -grantLimits.dateWindowMonths / 12) && iso <= today;
}

/** A return to work: between today and 10 years ahead. */
export function withinWorkReturn(iso: string, today: string): boolean {
  return iso >= today && iso <= shiftYears(today, grantLimits.workReturnMaxYears);
}

/** One field's own rule, without the rules between fields. */
function fieldError(field: GrantField, values: GrantValues, ctx: GrantContext): string | undefined {
  const required = isRequired(field, ctx.unionLocalRequired);
  const value = values[field.name];
  if (field.type === 'checkbox') return required && value !== true ? grantMessage('required') : undefined;
  if (field.type === 'checkboxGroup') {
    const chosen = asList(value);
    const missing = checkboxGroupError(field.label ?? field.name, chosen, required);
    if (missing) return missing;
    return chosen.every((v) => field.options?.some((o) => o.value === v)) ? undefined : grantMessage('optionInvalid');
  }
  if (field.type === 'date') {
    const parts = asDate(value);
    const own = dateFieldError(parts, { required, noFutureDates: field.window !== 'workReturn', today: ctx.today });
    if (own || !isCompleteDate(parts) || !field.window) return own;
    const iso = toIsoDate(parts);
    if (field.window === 'workReturn') return withinWorkReturn(iso, ctx.today) ? undefined : grantMessage('workReturnRange');
    return withinWindow(iso, ctx.today) ? undefined : grantMessage(field.window);
  }

  const text = asText(value).trim();
  if (text === '') return required ? grantMessage('required') : undefined;
  const pattern = PATTERN_CHECKS[field.type];
  if (pattern && !pattern.pattern.test(text)) return grantMessage(pattern.message);
  switch (field.type) {
    case 'email':
      if (!validEmail(text)) return grantMessage('emailInvalid');
      break;
    case 'state':
      if (!STATE_CODES.has(text)) return grantMessage('stateInvalid');
      break;
    case 'union':
      if (!ctx.unions.some((u) => u.id === text)) return grantMessage('unionUnknown', { id: text });
      break;
    case 'select':
      if (!field.options?.some((o) => o.value === text)) return grantMessage('optionInvalid');
      break;
  }
  // Text without a max of its own has the contract's general one.
  const max = field.max ?? (field.type === 'text' || field.type === 'textarea' ? grantLimits.textMaxLength : undefined);
  if (max !== undefined && [...text].length > max) return grantMessage('tooLong', { max });
  return undefined;
}

/**
 * Every rule of grants.json for a kind's form, in form order: each field's own rule, then the
 * rules between fields, each shown on one field (the one the BFF names too).
 */
export function validateGrant(values: GrantValues, ctx: GrantContext): FieldErrors {
  const fields = shownFields(ctx.kind);
  const errors: FieldErrors = {};
  for (const field of fields) {
    const error = fieldError(field, values, ctx);
    if (error) errors[field.name] = error;
  }
  const text = (name: string) => asText(values[name]).trim();
  const set = (name: string, message: string) => {
    errors[name] ??= message;
  };

  // Common rules (spec 2 §5).
  // Without case, as the BFF compares them: Maria@ and maria@ reach the same member.
  if (!errors.email && !errors.confirmEmail && text('email').toLowerCase() !== text('confirmEmail').toLowerCase()) {
    set('email', grantMessage('emailMismatch', { email: text('email'), confirmation: text('confirmEmail') }));
  }
  if (text('phone') === '' && text('mobilePhone') === '') set('phone', grantMessage('phoneRequired'));
  if (values.optInTexts === true && text('mobilePhone') === '') set('optInTexts', grantMessage('optInNeedsPhone'));

  // The rules between a kind's fields.
  const number = (name: string) => Number(text(name));
  if (ctx.kind === 'disability' && !errors.disabilityPrevIncome && !errors.disabilityPostIncome) {
    if (number('disabilityPostIncome') > number('disabilityPrevIncome') * grantLimits.disabilityMaxIncomeShare) {
      set('disabilityPostIncome', grantMessage('disabilityIncome'));
    }
  }
  if (ctx.kind === 'hospital') {
    const date = (name: string) => asDate(values[name]);
    const ordered = (start: string, end: string) => {
      if (errors[start] || errors[end]) return;
      const [a, b] = [toIsoDate(date(start)), toIsoDate(date(end))];
      // Start strictly before end, as the BFF has it.
      if (a && b && a >= b) set(end, grantMessage('hospitalOrder'));
    };
    const [twoStart, twoEnd] = [date('hospitalTwoStart'), date('hospitalTwoEnd')];
    if (isEmptyDate(twoStart) !== isEmptyDate(twoEnd)) {
      set(isEmptyDate(twoStart) ? 'hospitalTwoStart' : 'hospitalTwoEnd', grantMessage('hospitalTwoIncomplete'));
    }
    ordered('hospitalOneStart', 'hospitalOneEnd');
    ordered('hospitalTwoStart', 'hospitalTwoEnd');
    if (!errors.annualIncome && !errors.hospitalUnreimbursed) {
      const least = Math.min(number('annualIncome') * grantLimits.hospitalExpenseIncomeShare, grantLimits.hospitalExpenseCap);
      if (number('hospitalUnreimbursed') < least) set('hospitalUnreimbursed', grantMessage('hospitalExpense'));
    }
  }

  // Back in form order, so the first error is the first field to fix.
  const order = fields.map((f) => f.name);
  return Object.fromEntries(order.filter((name) => errors[name]).map((name) => [name, errors[name]!]));
}

/**
 * The case as the BFF takes it: text trimmed (empty optional text left out), checkboxes as
 * booleans, groups as lists, dates as YYYY-MM-DD (an empty optional date left out), and the
 * kind's `fixed` fields with their value.
 */
export function toCaseFields(values: GrantValues, kind: GrantKind): CaseFields {
  const out: CaseFields = {};
  for (const field of grantFields(kind)) {
    if (field.type === 'fixed') {
      if (field.value) out[field.name] = field.value;
      continue;
    }
    const value = values[field.name];
    if (field.type === 'checkbox') out[field.name] = value === true;
    else if (field.type === 'checkboxGroup') out[field.name] = asList(value);
    else if (field.type === 'date') {
      const iso = toIsoDate(asDate(value));
      if (iso) out[field.name] = iso;
    } else {
      const text = asText(value).trim();
      if (text !== '') out[field.name] = text;
    }
  }
  return out;
}
