// Checkout's two forms (spec 3 §3 'Checkout information', 'Checkout shipping', §5 'Checkout step 1',
// 'Checkout step 2'), from contracts/store.json `checkout`: the values, the rules each step must
// pass before it goes on, the request they become, and where the BFF's field errors belong. The
// BFF holds every request to the same rules with the same words (bff/internal/store/checkout.go);
// checking here only saves the member a round trip.
import type { Checkout, PlacedOrder } from '@/lib/bff/types';
import type { BffError } from '@/lib/bff/error';
import {
  checkoutPatterns,
  countries,
  DEFAULT_COUNTRY,
  informationFields,
  materialUses,
  OTHER_USE,
  otherMaxLength,
  shippingFields,
  stateTitle,
  storeMessage,
  type CheckoutField,
  type InformationField,
  type ShippingField,
} from '@/lib/store';

/** Step 1: its fields, the material use (`memo`) and the member's own words for 'other'. */
export type InformationValues = Record<InformationField, string> & { memo: string; other: string };
/** Step 2: `state` is a two-letter code, `country` us or other. */
export type ShippingValues = Record<ShippingField, string>;

/** A step's errors by field name (phone, memo, other…), in the order the step shows them. */
export type StepErrors = Record<string, string>;

/** The four steps, in order (spec 3 §2 'Checkout'). */
export const STEP = { information: 1, shipping: 2, review: 3, done: 4 } as const;
export type StepNumber = (typeof STEP)[keyof typeof STEP];
export const STEP_COUNT = 4;

/** The field that holds the member's own words for 'other', as the BFF names its error. */
export const OTHER_FIELD = 'other';
/** The material-use question's radios. */
export const MEMO_FIELD = 'memo';
/** How the 'other' box is labelled, and named in its errors. */
export const OTHER_LABEL = materialUses.find((u) => u.value === OTHER_USE)?.label ?? 'Other';

/** What step 1 starts with: the member's profile where it has the value, the rest empty. */
export function initialInformation(prefill: Partial<InformationValues> = {}): InformationValues {
  const values = Object.fromEntries(informationFields.map((f) => [f.name, ''])) as Record<InformationField, string>;
  const start: InformationValues = { ...values, memo: '', other: '' };
  for (const [key, value] of Object.entries(prefill)) {
    if (typeof value === 'string' && key in start) start[key as keyof InformationValues] = value;
  }
  start.union = start.union.toUpperCase();
  return start;
}

/** What step 2 starts with: the store's shipping state when it knows one, the United States. */
export function initialShipping(stateCode?: string): ShippingValues {
  const values = Object.fromEntries(shippingFields.map((f) => [f.name, ''])) as ShippingValues;
  values.country = DEFAULT_COUNTRY;
  if (stateCode && stateTitle(stateCode)) values.state = stateCode;
  return values;
}

// The BFF's patterns (store.json), so both sides agree on the edge cases.
const { email: EMAIL, phone: PHONE, zip: ZIP, number: NUMBER, unionNumber: UNION_NUMBER, localWord: LOCAL_WORD, website: WEBSITE } =
  checkoutPatterns;

/** A value as the BFF reads it: trimmed, each run of spaces folded into one. */
export function singleLine(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** The error of one field's value, or undefined when it keeps the field's rules. */
export function fieldError(field: CheckoutField, raw: string): string | undefined {
  const value = singleLine(raw);
  if (value === '') return field.required ? storeMessage('fieldRequired', { label: field.label }) : undefined;
  const isNumber = field.type === 'number';
  if (!isNumber && [...value].length > field.maxLength) {
    return storeMessage('tooLong', { label: field.label, max: field.maxLength });
  }
  const hint = field.hint ? storeMessage(field.hint) : undefined;
  switch (field.name) {
    case 'email':
      if (!EMAIL.test(value)) return storeMessage('emailInvalid');
      break;
    case 'phone':
      if (!PHONE.test(value)) return hint;
      break;
    case 'unionNumber':
      if (!UNION_NUMBER.test(value) || LOCAL_WORD.test(value)) return hint;
      break;
    case 'website':
      if (!WEBSITE.test(value)) return hint;
      break;
    case 'zip':
      if (!ZIP.test(value)) return hint;
      break;
    case 'state':
      if (!stateTitle(value)) return storeMessage('stateCodeInvalid');
      break;
    case 'country':
      if (!countries.some((c) => c.value === value)) return storeMessage('countryInvalid');
      break;
  }
  if (isNumber && (!NUMBER.test(value) || value.length > field.maxLength)) {
    return storeMessage('numberInvalid', { label: field.label });
  }
  return undefined;
}

function fieldErrors<N extends string>(fields: CheckoutField<N>[], values: Record<N, string>): StepErrors {
  const errors: StepErrors = {};
  for (const field of fields) {
    const error = fieldError(field, values[field.name]);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** Step 1's errors: each field's, then the material use's ('Other' needs the member's words). */
export function validateInformation(values: InformationValues): StepErrors {
  const errors = fieldErrors(informationFields, values);
  const memo = singleLine(values.memo);
  const other = values.other.trim();
  if (memo === '') return errors;
  if (!materialUses.some((u) => u.value === memo)) errors[MEMO_FIELD] = storeMessage('memoInvalid');
  else if (memo === OTHER_USE && other === '') errors[OTHER_FIELD] = storeMessage('otherRequired');
  else if (memo === OTHER_USE && [...other].length > otherMaxLength) {
    errors[OTHER_FIELD] = storeMessage('tooLong', { label: OTHER_LABEL, max: otherMaxLength });
  }
  return errors;
}

/** Step 2's errors. */
export function validateShipping(values: ShippingValues): StepErrors {
  return fieldErrors(shippingFields, values);
}

/**
 * The request: the values as typed, trimmed, the union upper-cased; the member's words for
 * 'other' only when that is the use chosen. The BFF makes the spec's conversions (§7).
 */
export function toCheckout(information: InformationValues, shipping: ShippingValues): Checkout {
  const info: Record<string, string> = {};
  for (const f of informationFields) info[f.name] = singleLine(information[f.name]);
  info.union = info.union.toUpperCase();
  info.memo = singleLine(information.memo);
  if (info.memo === OTHER_USE) info.other = information.other.trim();
  const ship: Record<string, string> = {};
  for (const f of shippingFields) ship[f.name] = singleLine(shipping[f.name]);
  return { information: info, shipping: ship } as Checkout;
}

/** The BFF's field errors of a refused order, by step; `step` is the first step that has some. */
export interface ErrorsByStep {
  information: StepErrors;
  shipping: StepErrors;
  step: typeof STEP.information | typeof STEP.shipping | null;
}

/**
 * Sorts the BFF's `fields` ('information.phone', 'shipping.zip') back to their steps, so the first
 * step with a problem can open with its fields marked. Anything else is left out: the review step
 * says the problem's detail instead.
 */
export function errorsByStep(fields: Readonly<Record<string, string>>): ErrorsByStep {
  const out: ErrorsByStep = { information: {}, shipping: {}, step: null };
  for (const [key, message] of Object.entries(fields)) {
    const [step, name] = key.split('.', 2);
    if (!name) continue;
    if (step === 'information') out.information[name] = message;
    else if (step === 'shipping') out.shipping[name] = message;
  }
  if (Object.keys(out.information).length > 0) out.step = STEP.information;
  else if (Object.keys(out.shipping).length > 0) out.step = STEP.shipping;
  return out;
}

/**
 * What the review step says when 'Process Order' failed without a field to fix. A refusal (4xx:
 * already being processed, the cart emptied meanwhile, a product that no longer ships there) is
 * said in the BFF's words. Anything else, the order system down (the BFF's 503), a server error
 * or a gateway's page in its place, or the connection lost (status 0), is the spec's order
 * failure with the support phone (spec 3 §4, §8): never a status code or a network message. So is
 * a 4xx without the BFF's problem document (a proxy's page), which has no words of its own.
 */
export function orderFailureMessage(error: BffError, phone: string): string {
  if (error.status >= 400 && error.status < 500 && error.problem?.detail) return error.detail;
  return storeMessage('orderFailed', { phone });
}

/** One line of a completed step's summary. */
export interface SummaryLine {
  label: string;
  value: string;
}

/** What a completed step 1 shows: each field given, and the material use. */
export function informationSummary(values: InformationValues): SummaryLine[] {
  const lines = informationFields
    .map((f) => ({ label: f.label, value: f.name === 'union' ? singleLine(values.union).toUpperCase() : singleLine(values[f.name]) }))
    .filter((l) => l.value !== '');
  const use = materialUses.find((u) => u.value === values.memo);
  if (use) lines.push({ label: storeMessage('memoLegend'), value: use.value === OTHER_USE ? singleLine(values.other) : use.label });
  return lines;
}

/** What a completed step 2 shows: the state and country by name. */
export function shippingSummary(values: ShippingValues): SummaryLine[] {
  return shippingFields
    .map((f) => {
      const value = singleLine(values[f.name]);
      if (f.name === 'state') return { label: f.label, value: stateTitle(value) ?? value };
      if (f.name === 'country') return { label: f.label, value: countries.find((c) => c.value === value)?.label ?? value };
      return { label: f.label, value };
    })
    .filter((l) => l.value !== '');
}

/** The order as the confirmation shows it. */
export type PlacedOrderSummary = PlacedOrder['order'];

/**
 * A fresh Idempotency-Key (letters, digits and '-', as the BFF asks): a UUID where the browser
 * offers one, which it does only on secure origins; random bytes otherwise.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
