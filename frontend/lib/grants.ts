// The grant forms' catalogue, fields, rules' constants and words, from contracts/grants.json: the
// BFF embeds the same file and enforces every rule with the same messages, so what the browser
// checks early is never a different answer from what the BFF would give.
import contract from '../../contracts/grants.json';
import type { GrantKind } from './bff/types';
import { compilePatterns } from './contracts';

export type GrantMessageKey = keyof typeof contract.messages;

export const grantLimits = contract.limits;
/** The field types' patterns, compiled; an email field follows the one email rule (validEmail). */
export const grantPatterns = compilePatterns(contract.patterns);
export const grantStates = contract.states;
export const grantForms = contract.forms;

/** A message of the catalogue with its {placeholders} filled. */
export function grantMessage(key: GrantMessageKey, values: Record<string, string | number> = {}): string {
  return contract.messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

export type GrantFieldType =
  | 'text'
  | 'email'
  | 'state'
  | 'zip'
  | 'phone'
  | 'checkbox'
  | 'union'
  | 'checkboxGroup'
  | 'fourDigits'
  | 'date'
  | 'digits'
  | 'money'
  | 'select'
  | 'textarea'
  | 'fixed';

/** The 24-month windows of the grant dates (each a message key), and the return-to-work range. */
export type DateWindow = 'disabilityDate' | 'hospitalDate' | 'jobLossDate' | 'strikeDate' | 'workReturn';

export interface GrantOption {
  value: string;
  label: string;
}

/** One field of a grant form, as grants.json lists it. */
export interface GrantField {
  name: string;
  /** Absent only on `fixed` fields, which are never shown. */
  label?: string;
  type: GrantFieldType;
  /** 'unionLocalRequired': required when the form says so. */
  required?: boolean | 'unionLocalRequired';
  max?: number;
  options?: GrantOption[];
  window?: DateWindow;
  /** A `fixed` field's value, sent as it is. */
  value?: string[];
}

const commonFields = contract.commonFields as GrantField[];
const kinds = contract.kinds as Record<GrantKind, { fields: GrantField[] }>;

/** The terms checkbox: a common field, but shown last, after the grant's own fields (spec 2 §2). */
export const TERMS_FIELD = 'terms';

/** Every field of a grant kind in form order: the common fields, the kind's, then the terms. */
export function grantFields(kind: GrantKind): GrantField[] {
  const terms = commonFields.filter((f) => f.name === TERMS_FIELD);
  return [...commonFields.filter((f) => f.name !== TERMS_FIELD), ...(kinds[kind]?.fields ?? []), ...terms];
}

/** The fields a member sees and fills in (not the `fixed` ones). */
export function shownFields(kind: GrantKind): GrantField[] {
  return grantFields(kind).filter((f) => f.type !== 'fixed');
}

/** Whether a field must be filled in on this form. */
export function isRequired(field: GrantField, unionLocalRequired: boolean): boolean {
  return field.required === 'unionLocalRequired' ? unionLocalRequired : field.required === true;
}

/** The grant kinds of the catalogue, for tests and the e2e list. */
export const GRANT_KINDS = Object.keys(kinds) as GrantKind[];
