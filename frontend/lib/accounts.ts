// The account forms' rules, messages and option tables, from contracts/accounts.json: the BFF
// enforces the same rules with the same messages, so what the frontend checks early is never a
// different answer from what the BFF would give.
import rules from '../../contracts/accounts.json';
import { compilePatterns, inputPattern, utf8Length } from './contracts';

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

const patterns = compilePatterns(rules.patterns);

/** The password rules, each with the pattern it names. */
const passwordRules = rules.passwordRules.map(({ id, label, pattern }) => {
  if (!(pattern in patterns)) throw new Error(`contracts/accounts.json: no pattern ${pattern}`);
  return { id, label, pattern: patterns[pattern as keyof typeof patterns] };
});

/** The zip rule as the signup form's HTML `pattern`, so the browser's own check is the same rule. */
export const ZIP_INPUT_PATTERN = inputPattern(rules.patterns.zip);

/**
 * The one email rule, the BFF's (portal.ValidEmail), which the account, grant, mailing and
 * livestream forms all apply: at most limits.emailMaxLength bytes of UTF-8 that match
 * patterns.email. contracts/cases.json holds the cases both sides are tested on.
 */
export function validEmail(email: string): boolean {
  return utf8Length(email) <= rules.limits.emailMaxLength && patterns.email.test(email);
}

/** Each rule of the password (spec 1 §5), for the live checklist. */
export function passwordChecklist(password: string): { id: string; label: string; met: boolean }[] {
  return passwordRules.map((r) => ({ id: r.id, label: r.label, met: r.pattern.test(password) }));
}

/** Every rule of the checklist, within the BFF's limit (which it counts in bytes). */
export const isValidPassword = (password: string) =>
  utf8Length(password) <= rules.limits.passwordMaxLength && passwordChecklist(password).every((r) => r.met);
export const isValidEmail = (email: string) => validEmail(email.trim());
export const isValidZip = (zip: string) => patterns.zip.test(zip.trim());
export const isValidPhone = (phone: string) => phone.trim() === '' || patterns.phone.test(phone.trim());
export const isValidYear = (year: string) => year.trim() === '' || patterns.year.test(year.trim());
/** The confirmation is valid only when both are non-empty and equal. */
export const confirms = (password: string, confirm: string) => password !== '' && password === confirm;

/** A stored 10-digit phone as (123) 456-7890; anything else as it is. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : digits;
}
