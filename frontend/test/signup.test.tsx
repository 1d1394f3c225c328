import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '@/lib/accounts';
import { SESSION_KEY } from '@/lib/bff/browser';
import { EMPTY_SIGNUP, signupProblem, type SignupValues } from '@/components/auth/signupChecks';
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

describe('signupProblem (spec 3 §5, in order)', () => {
  it('passes a complete form', () => {
    expect(signupProblem(VALID, false)).toBeNull();
  });

  it('refuses while a submission runs, before any other check', () => {
    expect(signupProblem(EMPTY_SIGNUP, true)).toBe('Not ready to submit or submission is already running.');
  });

  it.each<[string, Partial<SignupValues>, string]>([
    ['everything empty: the union first', { ...EMPTY_SIGNUP }, 'Please select your union.'],
    ['no union, bad email', { union: '', email: 'nope' }, 'Please select your union.'],
    ['bad email, missing names', { email: 'new.member@example', firstName: '' }, 'Please enter a valid email address.'],
    ['missing first name, bad confirm', { firstName: ' ', confirmPassword: 'x' }, 'Please provide valid values for all fields.'],
    ['missing last name', { lastName: '' }, 'Please provide valid values for all fields.'],
    ['zip too short', { zip: '1234' }, 'Please provide valid values for all fields.'],
    ['zip too long', { zip: '12345678901' }, 'Please provide valid values for all fields.'],
    ['zip with other characters', { zip: '12345#' }, 'Please provide valid values for all fields.'],
    ['weak password', { password: 'password1', confirmPassword: 'password1' }, 'Please provide valid values for all fields.'],
    [
      'confirmation differs',
      { confirmPassword: 'Password2' },
      'Please confirm your password by entering it again exactly as you did in the Create Password field.',
    ],
  ])('%s', (_, change, expected) => {
    expect(signupProblem({ ...VALID, ...change }, false)).toBe(expected);
  });

  it('accepts zips of letters, digits, hyphens and spaces', () => {
    expect(signupProblem({ ...VALID, zip: 'K1A 0B1' }, false)).toBeNull();
    expect(signupProblem({ ...VALID, zip: '12345-6789' }, false)).toBeNull();
  });

  it('uses the catalogue messages', () => {
    expect(signupProblem({ ...VALID, union: '' }, false)).toBe(message('signupUnion'));
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

  it('shows the first failing check in the alert, and sends nothing', () => {
    const fetch = stubFetch(() => ({}));
    renderWithSession(<ModalHost />);
    const alert = screen.getByRole('alert');
    submit();
    expect(alert.textContent).toBe('Please select your union.');
    fill({ union: '7', email: 'bad' });
    submit();
    expect(alert.textContent).toBe('Please enter a valid email address.');
    fill({ email: VALID.email, firstName: 'Pat', lastName: 'Member', zip: '123' });
    submit();
    expect(alert.textContent).toBe('Please provide valid values for all fields.');
    fill({ zip: '12345', password: 'Password1', confirmPassword: 'Password2' });
    submit();
    expect(alert.textContent).toBe(message('passwordConfirm'));
    expect(fetch).not.toHaveBeenCalled();
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
