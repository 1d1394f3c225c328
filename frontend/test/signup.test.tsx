import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '@/lib/accounts';
import { SESSION_KEY } from '@/lib/bff/queries';
import { EMPTY_SIGNUP, signupErrors, type SignupValues } from '@/components/auth/signupChecks';
import { leaveSignupPrefill } from '@/components/modals/signupPrefill';
import { ModalHost } from '@/components/shell/ModalHost';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN, VISITOR } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

const VALID: SignupValues = {
  email: 'new.member@example.com',
  firstName: 'Pat',
  lastName: 'Member',
  union: '7',
  zip: '12345',
  password: 'Password1',
  confirmPassword: 'Password1',
};

describe('signupErrors (spec 3 §5, each at its field)', () => {
  it('passes a complete form', () => {
    expect(signupErrors(VALID)).toEqual({});
  });

  it('finds every problem at once, in the order of the form', () => {
    expect(signupErrors(EMPTY_SIGNUP)).toEqual({
      email: message('emailInvalid'),
      firstName: message('required'),
      lastName: message('required'),
      union: 'Please select your union.',
      zip: message('zipInvalid'),
      password: message('passwordInvalid'),
      confirmPassword: message('passwordConfirm'),
    });
  });

  it.each<[string, Partial<SignupValues>, keyof SignupValues, string]>([
    ['no union', { union: '' }, 'union', 'Please select your union.'],
    ['an email with no dot after the @ (the BFF refuses it too)', { email: 'new.person@example' }, 'email', 'Please enter a valid email address.'],
    ['an email with a one-letter TLD', { email: 'new.person@example.c' }, 'email', 'Please enter a valid email address.'],
    ['a blank first name', { firstName: ' ' }, 'firstName', 'This field is required.'],
    ['no last name', { lastName: '' }, 'lastName', 'This field is required.'],
    ['zip too short', { zip: '1234' }, 'zip', 'Please enter a 5-10 digit zip.'],
    ['zip too long', { zip: '12345678901' }, 'zip', 'Please enter a 5-10 digit zip.'],
    ['zip with other characters', { zip: '12345#' }, 'zip', 'Please enter a 5-10 digit zip.'],
    ['weak password', { password: 'password1', confirmPassword: 'password1' }, 'password', message('passwordInvalid')],
    [
      'confirmation differs',
      { confirmPassword: 'Password2' },
      'confirmPassword',
      'Please confirm your password by entering it again exactly as you did in the Create Password field.',
    ],
  ])('%s', (_, change, fieldName, expected) => {
    expect(signupErrors({ ...VALID, ...change })).toEqual({ [fieldName]: expected });
  });

  it('accepts zips of letters, digits, hyphens and spaces', () => {
    expect(signupErrors({ ...VALID, zip: 'K1A 0B1' })).toEqual({});
    expect(signupErrors({ ...VALID, zip: '12345-6789' })).toEqual({});
  });
});

function field(label: RegExp) {
  return screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
}

function fill(values: Partial<SignupValues>) {
  const labels: Record<keyof SignupValues, RegExp> = {
    email: /^Email/,
    firstName: /^First Name/,
    lastName: /^Last Name/,
    union: /^Union/,
    zip: /^Zip Code/,
    password: /^Create Password/,
    confirmPassword: /^Confirm Password/,
  };
  for (const [name, value] of Object.entries(values)) {
    fireEvent.change(field(labels[name as keyof SignupValues]), { target: { value } });
  }
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

describe('SignupModal', () => {
  beforeEach(() => {
    nav.reset();
    nav.go('/benefits?modal=signup');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows every error at its field on submit, focuses the first, and sends nothing', () => {
    const fetch = stubFetch(() => ({}));
    renderWithSession(<ModalHost />);
    fill({ email: 'new.person@example', firstName: 'Pat', zip: '123' });
    submit();
    const expected: [RegExp, string][] = [
      [/^Email/, message('emailInvalid')],
      [/^Last Name/, message('required')],
      [/^Union/, 'Please select your union.'],
      [/^Zip Code/, message('zipInvalid')],
      [/^Create Password/, message('passwordInvalid')],
      [/^Confirm Password/, message('passwordConfirm')],
    ];
    for (const [label, words] of expected) {
      const control = field(label);
      expect(control.getAttribute('aria-invalid')).toBe('true');
      const described = (control.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(words);
    }
    expect(field(/^First Name/).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field(/^Email/));
    // The alert is for the BFF's answers, not for the form's own checks.
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(fetch).not.toHaveBeenCalled();

    // Mended, an error goes at once.
    fill({ email: VALID.email });
    expect(field(/^Email/).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a field’s error once the field is left, and none before', () => {
    renderWithSession(<ModalHost />);
    const zip = field(/^Zip Code/);
    fill({ zip: '12' });
    expect(zip.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(zip, { relatedTarget: field(/^Create Password/) });
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Email/).getAttribute('aria-invalid')).toBeNull();
  });

  it('takes the email and first name a form left for it, once', () => {
    leaveSignupPrefill({ email: 'pat@example.com', firstName: 'Pat' });
    nav.go('/benefits?modal=signup&complete=1&union=12');
    const view = renderWithSession(<ModalHost />);
    expect(screen.getByRole('dialog', { name: 'Complete Your Account' })).toBeTruthy();
    expect(field(/^Email/).value).toBe('pat@example.com');
    expect(field(/^First Name/).value).toBe('Pat');
    expect(field(/^Union/).value).toBe('12');
    view.unmount();
    renderWithSession(<ModalHost />);
    expect(field(/^Email/).value).toBe('');
    expect(field(/^First Name/).value).toBe('');
  });

  it('offers the visible unions by id with their labels, and the zip rule on the field', () => {
    renderWithSession(<ModalHost />);
    const union = field(/^Union/) as HTMLSelectElement;
    expect([...union.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Choose your union'],
      ['7', 'United Steelworkers (USW)'],
      ['12', 'Communications Workers of America (CWA)'],
    ]);
    const zip = field(/^Zip Code/);
    expect(zip.getAttribute('pattern')).toBe('[A-Za-z0-9 \\-]{5,10}');
    expect(zip.getAttribute('title')).toBe('5-10 digit zip');
  });

  it('shows the live password checklist and the hint', () => {
    renderWithSession(<ModalHost />);
    expect(screen.getByText(message('passwordHint'))).toBeTruthy();
    fill({ password: 'Passw' });
    const rules = within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');
    expect(rules.map((r) => r.getAttribute('data-met'))).toEqual(['false', 'true', 'true', 'false']);
  });

  it("registers, shows the answer's message, closes and refreshes", async () => {
    const answer = message('registerSuccess');
    const fetch = stubFetch(() => ({ status: 201, body: { session: SIGNED_IN, message: answer } }));
    const { client } = renderWithSession(<ModalHost />);
    fill({ ...VALID, email: ` ${VALID.email} `, firstName: ' Pat ' });
    submit();

    await waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/benefits', { scroll: false }));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/accounts');
    expect(sentBody(fetch)).toEqual(VALID);
    expect(client.getQueryData(SESSION_KEY)).toEqual(SIGNED_IN);
    expect(nav.refresh).toHaveBeenCalled();
    expect(await screen.findByText(answer)).toBeTruthy();
  });

  it('a sign-up that signs in goes on to the gated route that sent the visitor', async () => {
    nav.go('/?modal=signup&destination=%2Fform%2Fhospital-grant');
    stubFetch(() => ({ status: 201, body: { session: SIGNED_IN, message: message('registerSuccess') } }));
    renderWithSession(<ModalHost />);
    fill(VALID);
    submit();
    await waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/form/hospital-grant', undefined));
    expect(nav.replace).toHaveBeenCalledTimes(1);
  });

  it('a sign-up that signs in goes on to a partner redirect the visitor came with (spec 1 §4)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const redirect = `/api/v1/hotels/redirect?redirect_url=${encodeURIComponent('https://hotels.example.com/?in=1')}`;
    nav.go(`/?modal=signup&destination=${encodeURIComponent(redirect)}`);
    stubFetch(() => ({ status: 201, body: { session: SIGNED_IN, message: message('registerSuccess') } }));
    renderWithSession(<ModalHost />);
    fill(VALID);
    submit();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirect));
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('a sign-up that could not sign in stays put, whatever the target', async () => {
    nav.go('/?modal=signup&destination=%2Fform%2Fhospital-grant');
    stubFetch(() => ({ status: 201, body: { session: VISITOR, message: message('registerSignInFailed') } }));
    renderWithSession(<ModalHost />);
    fill(VALID);
    submit();
    await waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/', { scroll: false }));
    expect(await screen.findByText(message('registerSignInFailed'))).toBeTruthy();
  });

  it("puts the BFF's field errors next to the fields and its message in the alert", async () => {
    stubFetch(() =>
      problem(409, 'The email address is already in use by another account.', [
        { field: 'email', message: 'The email address is already in use by another account.' },
      ]),
    );
    renderWithSession(<ModalHost />);
    fill(VALID);
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The email address is already in use by another account.'),
    );
    const email = field(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The email address is already in use by another account.',
    );
  });

  it("says 'Complete Your Account' with complete=1 and prefills email and union", () => {
    nav.go('/benefits?modal=signup&complete=1&email=pat%40example.com&union=12');
    renderWithSession(<ModalHost />);
    expect(screen.getByRole('dialog', { name: 'Complete Your Account' })).toBeTruthy();
    expect(field(/^Email/).value).toBe('pat@example.com');
    expect(field(/^Union/).value).toBe('12');
  });

  it('leaves the union empty when the address names one the visitor may not choose', () => {
    nav.go('/benefits?modal=signup&union=999');
    renderWithSession(<ModalHost />);
    expect(field(/^Union/).value).toBe('');
  });

  it('starts empty at every opening, and closing takes the prefill out of the address', () => {
    nav.go('/benefits?modal=signup&complete=1&email=pat%40example.com&union=12');
    const view = renderWithSession(<ModalHost />);
    fill({ firstName: 'Pat' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(nav.replace).toHaveBeenCalledWith('/benefits?union=12', { scroll: false });
    view.unmount();

    nav.go('/benefits?modal=signup');
    renderWithSession(<ModalHost />);
    expect(field(/^Email/).value).toBe('');
    expect(field(/^First Name/).value).toBe('');
    expect(field(/^Union/).value).toBe('');
  });
});
