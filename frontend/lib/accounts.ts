// The account forms' rules, messages and option tables, from contracts/accounts.json: the BFF
// enforces the same rules with the same messages, so what the frontend checks early is never a
// different answer from what the BFF would give.
import rules from '../../contracts/accounts.json';

export type Option = { value: string; label: string };
export type MessageKey = keyof typeof rules.messages;

export const limits = rules.limits;
export const options = rules.options;
export const OTHER_CARRIER = rules.otherCarrier;
export const VEHICLE_OWNER_YES = rules.vehicleOwnerYes;

/** A message of the catalogue with its {placeholders} filled. */
export function message(key: MessageKey, values: Record<string, string> = {}): string {
  return rules.messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const emailPattern = new RegExp(rules.patterns.email);
const zipPattern = new RegExp(rules.patterns.zip);
const phonePattern = new RegExp(rules.patterns.phone);
const yearPattern = new RegExp(rules.patterns.year);

/** Each rule of the password (spec 1 §5), for the live checklist. */
export function passwordChecklist(password: string): { id: string; label: string; met: boolean }[] {
  return rules.passwordRules.map((r) => ({ id: r.id, label: r.label, met: new RegExp(r.pattern).test(password) }));
}

export const isValidPassword = (password: string) => passwordChecklist(password).every((r) => r.met);
export const isValidEmail = (email: string) => emailPattern.test(email.trim());
export const isValidZip = (zip: string) => zipPattern.test(zip.trim());
export const isValidPhone = (phone: string) => phone.trim() === '' || phonePattern.test(phone.trim());
export const isValidYear = (year: string) => year.trim() === '' || yearPattern.test(year.trim());
/** The confirmation is valid only when both are non-empty and equal. */
export const confirms = (password: string, confirm: string) => password !== '' && password === confirm;

/** A stored 10-digit phone as (123) 456-7890; anything else as it is. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : digits;
}
