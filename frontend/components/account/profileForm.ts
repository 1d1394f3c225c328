// The profile form's values and rules (spec 1 §3, §5), apart from the component so they can be
// tested. The rules mirror the BFF's (bff/internal/account/rules.go) with the same messages from
// contracts/accounts.json, and each error is keyed by the request's field name ('home.zip'), the
// name the BFF's field errors use too.
import type { Profile, ProfileUpdate } from '@/lib/bff/types';
import type { FieldErrors } from '@/components/forms/useForm';
import {
  formatPhone,
  isValidPhone,
  isValidYear,
  isValidZip,
  limits,
  message,
  options,
  type Option,
} from '@/lib/accounts';

/** The form's values, flat: one entry per control, named as the BFF names its field errors. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  mobilePhone: string;
  mobileOpt: boolean;
  emailOpt: boolean;
  union: string;
  unionJoined: string;
  unionLocal: string;
  unionRole: string;
  unionRelationship: string;
  employmentStatus: string;
  incomeOpt: boolean;
  incomeRange: string;
  birthMonth: string;
  birthDay: string;
  birthYear: string;
  'home.address1': string;
  'home.address2': string;
  'home.city': string;
  'home.country': string;
  'home.state': string;
  'home.zip': string;
}

/**
 * The form's starting values; the stored phone (10 digits) is shown as (123) 456-7890. The email
 * is not among them: it is shown read-only and changed only by the Change Email dialog.
 */
export function toProfileValues(profile: Profile): ProfileValues {
  const home = profile.home;
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    mobilePhone: formatPhone(profile.mobilePhone),
    mobileOpt: profile.mobileOpt,
    emailOpt: profile.emailOpt,
    union: profile.union,
    unionJoined: profile.unionJoined,
    unionLocal: profile.unionLocal,
    unionRole: profile.unionRole,
    unionRelationship: profile.unionRelationship,
    employmentStatus: profile.employmentStatus,
    incomeOpt: profile.incomeOpt,
    incomeRange: profile.incomeRange,
    birthMonth: profile.birthMonth,
    birthDay: profile.birthDay,
    birthYear: profile.birthYear,
    'home.address1': home.address1,
    'home.address2': home.address2,
    'home.city': home.city,
    'home.country': home.country,
    'home.state': home.state,
    'home.zip': home.zip,
  };
}

/**
 * The request body: trimmed, the address nested, and nothing kept that its opt-in turned off.
 * `email` is the session's (the BFF refuses any other: Change Email is the way to change it).
 */
export function toProfileUpdate(v: ProfileValues, email: string): ProfileUpdate {
  const t = (s: string) => s.trim();
  const phone = t(v.mobilePhone);
  return {
    firstName: t(v.firstName),
    lastName: t(v.lastName),
    email,
    mobilePhone: phone,
    mobileOpt: v.mobileOpt && phone !== '',
    emailOpt: v.emailOpt,
    union: v.union,
    unionJoined: t(v.unionJoined),
    unionLocal: t(v.unionLocal),
    unionRole: v.unionRole,
    unionRelationship: v.unionRelationship,
    employmentStatus: v.employmentStatus,
    incomeOpt: v.incomeOpt,
    incomeRange: v.incomeOpt ? v.incomeRange : '',
    birthDay: v.birthDay,
    birthMonth: v.birthMonth,
    birthYear: v.birthYear,
    home: {
      address1: t(v['home.address1']),
      address2: t(v['home.address2']),
      city: t(v['home.city']),
      country: v['home.country'] as ProfileUpdate['home']['country'],
      state: v['home.state'],
      zip: t(v['home.zip']),
    },
  };
}

/** Changing the phone: emptying it also turns the mobile-texts opt-in off (it needs a number). */
export function withPhone(v: ProfileValues, mobilePhone: string): ProfileValues {
  return { ...v, mobilePhone, mobileOpt: mobilePhone.trim() === '' ? false : v.mobileOpt };
}

/** Changing the country: a state of the other country no longer fits and is cleared. */
export function withCountry(v: ProfileValues, country: string): ProfileValues {
  const state = statesOf(country).some((s) => s.value === v['home.state']) ? v['home.state'] : '';
  return { ...v, 'home.country': country, 'home.state': state };
}

/** The states of a country; every state and province while no country is chosen. */
export function statesOf(country: string): Option[] {
  return country ? options.state.filter((s) => s.country === country) : options.state;
}

/** The birthday pickers (spec 1 §3): days 1-31, the months, years from this one down to 1901. */
export const BIRTH_DAYS: Option[] = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

export function birthYears(thisYear: number): Option[] {
  const years: Option[] = [];
  for (let y = thisYear; y >= limits.birthYearMin; y--) years.push({ value: String(y), label: String(y) });
  return years;
}

/** No birthday at all, or a whole one that is a real date, not in the future. */
function validBirthday(day: string, month: string, year: string, now: Date): boolean {
  if (!day && !month && !year) return true;
  const d = Number(day);
  const m = Number(month);
  const y = Number(year);
  if (!d || !m || !y || y < limits.birthYearMin) return false;
  const date = new Date(y, m - 1, d);
  return date.getDate() === d && date.getMonth() === m - 1 && date <= now;
}

/** The form's errors by field, in the order the form shows the fields. */
export function validateProfile(v: ProfileValues, now: Date): FieldErrors {
  const errors: FieldErrors = {};
  const required = message('required');
  const text = (field: keyof ProfileValues, max: number, isRequired = false) => {
    const value = String(v[field]).trim();
    if (isRequired && value === '') errors[field] = required;
    else if (value.length > max) errors[field] = `Please use at most ${max} characters.`;
  };

  text('firstName', limits.nameMaxLength, true);
  text('lastName', limits.nameMaxLength, true);
  if (!isValidPhone(v.mobilePhone)) errors.mobilePhone = message('phoneInvalid');
  if (v.mobileOpt && v.mobilePhone.trim() === '') errors.mobileOpt = message('mobileOptNeedsPhone');
  if (!validBirthday(v.birthDay, v.birthMonth, v.birthYear, now)) errors.birthMonth = message('birthdayInvalid');

  if (!v.union) errors.union = message('profileEmptyUnion');
  if (!isValidYear(v.unionJoined) || Number(v.unionJoined) > now.getFullYear()) {
    errors.unionJoined = message('yearJoinedInvalid');
  }
  text('unionLocal', limits.textMaxLength);

  text('home.address1', limits.textMaxLength);
  text('home.address2', limits.textMaxLength);
  text('home.city', limits.textMaxLength);
  const zip = v['home.zip'].trim();
  if (zip === '') errors['home.zip'] = required;
  else if (!isValidZip(zip)) errors['home.zip'] = message('zipInvalid');
  return errors;
}
