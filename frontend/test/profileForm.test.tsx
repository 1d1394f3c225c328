import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '@/lib/accounts';
import { ProfileForm } from '@/components/account/ProfileForm';
import {
  birthYears,
  toProfileUpdate,
  toProfileValues,
  validateProfile,
  withCountry,
  withPhone,
  type ProfileValues,
} from '@/components/account/profileForm';
import { profileDocument, storedProfile } from './accountFixtures';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN, UNIONS } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// My Profile (spec 1 §2, §4, §5): the rules, when errors show, and the save.

const NOW = new Date(2025, 5, 15);
const values = (changes: Partial<ProfileValues> = {}): ProfileValues => ({ ...toProfileValues(storedProfile()), ...changes });

describe('validateProfile', () => {
  it('accepts the stored profile', () => {
    expect(validateProfile(values(), NOW)).toEqual({});
  });

  it('requires first name, last name, union and zip', () => {
    const errors = validateProfile(values({ firstName: ' ', lastName: '', union: '', 'home.zip': '' }), NOW);
    expect(errors).toEqual({
      firstName: message('required'),
      lastName: message('required'),
      union: message('profileEmptyUnion'),
      'home.zip': message('required'),
    });
  });

  it.each(['1234', '12345678901', '123#5'])('refuses the zip %j', (zip) => {
    expect(validateProfile(values({ 'home.zip': zip }), NOW)['home.zip']).toBe(message('zipInvalid'));
  });

  it.each(['12345', '12345-6789', 'K1A 0B1'])('accepts the zip %j', (zip) => {
    expect(validateProfile(values({ 'home.zip': zip }), NOW)['home.zip']).toBeUndefined();
  });

  it('takes a 3-3-4 to 6 digit phone, or none', () => {
    for (const ok of ['', '(202) 555-0143', '202.555.0143', '202555014399']) {
      expect(validateProfile(values({ mobilePhone: ok, mobileOpt: false }), NOW).mobilePhone).toBeUndefined();
    }
    expect(validateProfile(values({ mobilePhone: '555-0143' }), NOW).mobilePhone).toBe(message('phoneInvalid'));
  });

  it('ties the mobile-texts opt-in to a phone number', () => {
    expect(validateProfile(values({ mobilePhone: '', mobileOpt: true }), NOW).mobileOpt).toBe(
      message('mobileOptNeedsPhone'),
    );
    expect(withPhone(values({ mobileOpt: true }), ' ').mobileOpt).toBe(false);
    expect(withPhone(values({ mobileOpt: true }), '202').mobileOpt).toBe(true);
  });

  it('wants the year joined as 4 digits, not in the future', () => {
    expect(validateProfile(values({ unionJoined: '' }), NOW).unionJoined).toBeUndefined();
    expect(validateProfile(values({ unionJoined: '99' }), NOW).unionJoined).toBe(message('yearJoinedInvalid'));
    expect(validateProfile(values({ unionJoined: '2026' }), NOW).unionJoined).toBe(message('yearJoinedInvalid'));
  });

  it('wants no birthday or a whole real one, not in the future', () => {
    const birthday = (birthMonth: string, birthDay: string, birthYear: string) =>
      validateProfile(values({ birthMonth, birthDay, birthYear }), NOW).birthMonth;
    expect(birthday('', '', '')).toBeUndefined();
    expect(birthday('2', '29', '2024')).toBeUndefined();
    expect(birthday('2', '29', '2023')).toBe(message('birthdayInvalid'));
    expect(birthday('4', '', '1980')).toBe(message('birthdayInvalid'));
    expect(birthday('12', '1', '2025')).toBe(message('birthdayInvalid'));
  });

  it('lists the errors in the order of the form', () => {
    const errors = validateProfile(values({ 'home.zip': '', firstName: '', unionJoined: 'x' }), NOW);
    expect(Object.keys(errors)).toEqual(['firstName', 'unionJoined', 'home.zip']);
  });
});

describe('profile values', () => {
  it('shows the stored phone formatted and sends the address nested, trimmed', () => {
    const v = values({ firstName: ' Pat ', 'home.city': ' Springfield ' });
    expect(v.mobilePhone).toBe('(202) 555-0143');
    const body = toProfileUpdate(v, 'member@example.com');
    expect(body.firstName).toBe('Pat');
    expect(body.email).toBe('member@example.com');
    expect(body.home).toEqual({ address1: '1 Main St', address2: '', city: 'Springfield', country: 'us', state: 'home_IL', zip: '62701' });
  });

  it('drops the income range when income is not shared', () => {
    expect(toProfileUpdate(values({ incomeOpt: false, incomeRange: 'annual_income_3' }), 'a@b.co').incomeRange).toBe('');
    expect(toProfileUpdate(values({ incomeOpt: true, incomeRange: 'annual_income_3' }), 'a@b.co').incomeRange).toBe(
      'annual_income_3',
    );
  });

  it('clears a state of the other country', () => {
    expect(withCountry(values(), 'canada')['home.state']).toBe('');
    expect(withCountry(values(), 'us')['home.state']).toBe('home_IL');
  });

  it('offers birth years from this year down to 1901', () => {
    const years = birthYears(2025).map((o) => o.value);
    expect(years[0]).toBe('2025');
    expect(years.at(-1)).toBe('1901');
    expect(years).toHaveLength(125);
  });
});

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save and Continue' }) as HTMLButtonElement;
const saved = { ...profileDocument(), message: 'Your profile has been updated.' };

function renderForm(changes = {}, emailVerified = true) {
  return renderWithSession(
    <ProfileForm stored={profileDocument(changes, emailVerified)} unions={UNIONS} uid="u-123" thisYear={2025} />,
    SIGNED_IN,
  );
}

describe('ProfileForm', () => {
  beforeEach(() => nav.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the three sections, the email read-only, and the member’s values', () => {
    renderForm();
    for (const title of ['Your Information', 'Union Information', 'Home Address']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(field(/^Email$/).readOnly).toBe(true);
    expect(field(/^Email$/).value).toBe('member@example.com');
    expect(field(/^First Name/).value).toBe('Pat');
    expect((screen.getByLabelText(/^Union/) as HTMLSelectElement).value).toBe('7');
    expect(screen.getByRole('button', { name: 'Change Email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeTruthy();
  });

  it('shows a field’s error only once the field was left', () => {
    renderForm();
    fireEvent.change(field(/^First Name/), { target: { value: '' } });
    expect(screen.queryByText(message('required'))).toBeNull();
    fireEvent.blur(field(/^First Name/));
    expect(screen.getByText(message('required'))).toBeTruthy();
    expect(field(/^First Name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows every error on submit, focuses the first and sends nothing', () => {
    const fetch = stubFetch(() => ({ body: saved }));
    renderForm();
    fireEvent.change(field(/^Mobile Phone/), { target: { value: '555' } });
    fireEvent.change(field(/^Zip/), { target: { value: '12' } });
    fireEvent.change(field(/^Year Joined/), { target: { value: '19' } });
    fireEvent.click(save());
    expect(screen.getByText(message('phoneInvalid'))).toBeTruthy();
    expect(screen.getByText(message('zipInvalid'))).toBeTruthy();
    expect(screen.getByText(message('yearJoinedInvalid'))).toBeTruthy();
    expect(document.activeElement).toBe(field(/^Mobile Phone/));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns the texts opt-in off and disables it while there is no phone', () => {
    renderForm();
    const texts = screen.getByRole('checkbox', { name: /Text me/ }) as HTMLInputElement;
    expect(texts.checked).toBe(true);
    fireEvent.change(field(/^Mobile Phone/), { target: { value: '' } });
    expect(texts.checked).toBe(false);
    expect(texts.disabled).toBe(true);
  });

  it('shows the income range only when income is shared', () => {
    renderForm();
    expect(screen.queryByLabelText(/Annual Household Income/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /household income/ }));
    expect(screen.getByLabelText(/Annual Household Income/)).toBeTruthy();
  });

  it('filters the states by country', () => {
    renderForm();
    const state = () => [...(screen.getByLabelText(/^State/) as HTMLSelectElement).options].map((o) => o.value);
    expect(state()).toContain('home_IL');
    fireEvent.change(screen.getByLabelText(/^Country/), { target: { value: 'canada' } });
    expect(state()).not.toContain('home_IL');
    expect(state()).toContain('home_ON');
    expect((screen.getByLabelText(/^State/) as HTMLSelectElement).value).toBe('');
  });

  it('shows the BFF’s field errors on their fields, and a failure without fields in the alert', async () => {
    stubFetch(() => problem(400, 'Please enter a 5-10 digit zip.', [{ field: 'home.zip', message: 'Please enter a 5-10 digit zip.' }]));
    renderForm();
    fireEvent.click(save());
    await waitFor(() => expect(field(/^Zip/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter a 5-10 digit zip.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('');
    // Changing the field drops the BFF's error.
    fireEvent.change(field(/^Zip/), { target: { value: '62702' } });
    expect(screen.queryByText('Please enter a 5-10 digit zip.')).toBeNull();
  });

  it('says the catalogue’s message when the save fails for no reason the member can fix', async () => {
    stubFetch(() => ({ status: 503, body: { type: 'about:blank', title: 'Service Unavailable', status: 503, code: 'unavailable' } }));
    renderForm();
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message('profileError')));
    expect(save().disabled).toBe(false);
  });

  it('saves once however often it is clicked, refreshes the session and goes on to interests after 600 ms', async () => {
    const fetch = stubFetch((url) => (url === '/api/v1/session' ? { body: SIGNED_IN } : { body: saved }));
    renderForm();
    fireEvent.change(field(/^Zip/), { target: { value: ' 62702 ' } });
    fireEvent.click(save());
    fireEvent.click(save());
    expect(save().disabled).toBe(true);

    await waitFor(() => expect(nav.refresh).toHaveBeenCalled());
    const puts = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect((sentBody(fetch, fetch.mock.calls.findIndex(([, init]) => init?.method === 'PUT')) as { home: { zip: string } }).home.zip).toBe('62702');
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/v1/session' && (init?.method ?? 'GET') === 'GET')).toBe(true);
    expect(nav.push).not.toHaveBeenCalled();

    await waitFor(() => expect(nav.push).toHaveBeenCalled(), { timeout: 2000 });
    const [href] = nav.push.mock.calls[0]!;
    const url = new URL(href, 'http://site.invalid');
    expect(url.pathname).toBe('/account/u-123/interests');
    // A code, shown by the shell as 'Your profile has been updated.' (components/status/queryMessages.tsx).
    expect(url.searchParams.get('message')).toBe('profileUpdated');
  });

  it('offers to verify an unverified email, then to resend', async () => {
    stubFetch(() => ({ body: { message: 'Verification email sent.' } }));
    renderWithSession(
      <ProfileForm stored={profileDocument({}, false)} unions={UNIONS} uid="u-123" thisYear={2025} />,
      { ...SIGNED_IN, user: { ...SIGNED_IN.user!, emailVerified: false } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    await screen.findByRole('button', { name: 'Resend verification email' });
    await act(async () => undefined);
    expect(screen.getByTestId('status-messages').textContent).toContain('Verification email sent.');
    expect(screen.getByRole('button', { name: 'I have verified my email address' })).toBeTruthy();
  });

  it('shows no verification prompt for a verified email', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Verify Email' })).toBeNull();
  });
});
