import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import cases from '../../contracts/cases.json';
import { fieldError } from '@/components/store/checkoutForm';
import { isValidEmail, isValidPassword, isValidPhone, isValidYear, isValidZip, validEmail } from '@/lib/accounts';
import { compilePattern } from '@/lib/contracts';
import { grantPatterns } from '@/lib/grants';
import { checkAccess } from '@/lib/livestream';
import { informationFields, shippingFields } from '@/lib/store';

// contracts/cases.json through the frontend's own code for each rule. The BFF runs the same
// values through its code (contracts.CheckCases beside each rule), so a rule that drifts on either
// side fails: the values are the BFF's answers.

type Rule = keyof typeof cases.rules;
type Check = (value: string) => boolean;

/** A checkout field's rule as the page applies it (fieldError reads the value as the BFF does). */
function checkoutField(name: string): Check {
  const field = [...informationFields, ...shippingFields].find((f) => f.name === name);
  if (!field) throw new Error(`store.json has no checkout field ${name}`);
  return (value) => fieldError(field, value) === undefined;
}

/** Each rule's code on this side, by a name for the test's title; every rule of cases.json has some. */
const checks: Record<Rule, Record<string, Check>> = {
  'accounts.email': {
    validEmail,
    isValidEmail,
    "the livestream's checkAccess": (email) => checkAccess({ name: 'Pat', email, password: '', updates: false }, false).email === undefined,
  },
  'accounts.zip': { isValidZip },
  'accounts.phone': { isValidPhone },
  'accounts.year': { isValidYear },
  'accounts.password': { isValidPassword },
  'grants.phone': { 'grantPatterns.phone': (v) => grantPatterns.phone.test(v) },
  'grants.zip': { 'grantPatterns.zip': (v) => grantPatterns.zip.test(v) },
  'grants.fourDigits': { 'grantPatterns.fourDigits': (v) => grantPatterns.fourDigits.test(v) },
  'grants.digits': { 'grantPatterns.digits': (v) => grantPatterns.digits.test(v) },
  'grants.money': { 'grantPatterns.money': (v) => grantPatterns.money.test(v) },
  'store.email': { fieldError: checkoutField('email') },
  'store.phone': { fieldError: checkoutField('phone') },
  'store.zip': { fieldError: checkoutField('zip') },
  'store.number': { fieldError: checkoutField('members') },
  'store.unionNumber': { fieldError: checkoutField('unionNumber') },
  'store.website': { fieldError: checkoutField('website') },
};

describe('contracts/cases.json', () => {
  for (const [rule, values] of Object.entries(cases.rules) as [Rule, { valid: string[]; invalid: string[] }][]) {
    for (const [name, ok] of Object.entries(checks[rule])) {
      it(`${rule} through ${name}`, () => {
        expect.soft(values.valid.filter((v) => !ok(v)), 'valid values refused').toEqual([]);
        expect.soft(values.invalid.filter((v) => ok(v)), 'invalid values accepted').toEqual([]);
      });
    }
  }
});

describe("every contract's patterns", () => {
  const dir = join(__dirname, '..', '..', 'contracts');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it('are read from every contract file', () => {
    expect(files).toEqual(expect.arrayContaining(['accounts.json', 'grants.json', 'store.json']));
  });

  // contracts/contracts.go: the u flag (with a leading (?i) as the i flag), and the v flag of an
  // HTML pattern attribute, both compile every pattern; RE2 is checked on the BFF's side.
  for (const file of files) {
    const patterns: Record<string, string> = JSON.parse(readFileSync(join(dir, file), 'utf8')).patterns ?? {};
    for (const [key, pattern] of Object.entries(patterns)) {
      it(`${file} ${key} compiles with u and with v`, () => {
        expect(() => compilePattern(pattern)).not.toThrow();
        const insensitive = pattern.startsWith('(?i)');
        expect(() => new RegExp(insensitive ? pattern.slice(4) : pattern, insensitive ? 'iv' : 'v')).not.toThrow();
      });
    }
  }
});
