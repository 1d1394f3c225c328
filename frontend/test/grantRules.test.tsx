import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contract from '../../contracts/grants.json';
import type { FormDocument, GrantKind } from '@/lib/bff/types';
import { GRANT_KINDS, grantMessage, shownFields } from '@/lib/grants';
import { GrantForm } from '@/components/grants/GrantForm';
import {
  initialGrantValues,
  toCaseFields,
  validateGrant,
  type GrantContext,
  type GrantValues,
} from '@/components/grants/grantRules';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The browser's mirror of every rule of contracts/grants.json (spec 2 §5), with its exact words,
// and the grant form around it: when errors show, the single-flight submit, the BFF's field
// errors, the success state and the already-submitted notice.

const TODAY = '2025-06-15';
const UNIONS = [{ id: '37', label: 'United Steelworkers (USW)' }];
const ctx = (kind: GrantKind, unionLocalRequired = true): GrantContext => ({ kind, unionLocalRequired, unions: UNIONS, today: TODAY });
const d = (iso: string) => {
  if (!iso) return { year: '', month: '', day: '' };
  const [year, month, day] = iso.split('-').map(Number);
  return { year: String(year), month: String(month), day: String(day) };
};

const COMMON: GrantValues = {
  firstName: 'Pat',
  lastName: 'Member',
  email: 'pat@example.com',
  confirmEmail: 'pat@example.com',
  street: '1 Main St',
  street2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phone: '(202) 555-0143',
  mobilePhone: '',
  optInTexts: false,
  union: '37',
  unionLocal: '12',
  terms: true,
};

/** A valid form of each kind. */
const VALID: Record<GrantKind, GrantValues> = {
  debt_management: { mmiId: 'MMI12345', mmiAuthorization: true },
  disability: {
    programParticipation: ['7'],
    creditCardNumber: '1234',
    disabilityDate: d('2025-01-10'),
    disabilityPrevIncome: '4000',
    disabilityPostIncome: '3000',
  },
  hospital: {
    programParticipation: ['25'],
    creditCardNumber: '1234',
    hospitalOneStart: d('2025-03-01'),
    hospitalOneEnd: d('2025-03-05'),
    hospitalTwoStart: d(''),
    hospitalTwoEnd: d(''),
    annualIncome: '50000',
    hospitalUnreimbursed: '2400.00',
  },
  job_loss_card: { grantType: '1', cardOpenThreeMonths: true, creditCardNumber: '1234', lastWorkDay: d('2025-02-01') },
  job_loss_loan: { loanOpenSixMonths: true, loanNumberUp: '5678', lastWorkDay: d('2025-02-01') },
  medical_bill: { medicalUnreimbursed: '1200.50', programHowUse: 'To negotiate my bills.' },
  mortgage: {
    mortgageEligibility: true,
    requestReason: '1',
    whyOutOfWork: 'Laid off.',
    ssnDigits: '6789',
    loanNumberChase: 'CH12345',
    lastWorkDay: d('2025-02-01'),
    workReturnExpected: d('2026-01-01'),
    workingIncome: '5000',
    incomeLessLoss: '2000',
  },
  strike_card: { creditCardNumber: '1234', strikeStart: d('2025-05-01') },
  strike_loan: { loanNumberUp: '5678', strikeStart: d('2025-05-01') },
};
const valid = (kind: GrantKind, changes: GrantValues = {}) => ({ ...COMMON, ...VALID[kind], ...changes });
const errorsOf = (kind: GrantKind, changes: GrantValues = {}, unionLocalRequired = true) =>
  validateGrant(valid(kind, changes), ctx(kind, unionLocalRequired));

describe('validateGrant', () => {
  it.each(GRANT_KINDS)('accepts a complete %s form', (kind) => {
    expect(errorsOf(kind)).toEqual({});
  });

  it('requires the common fields, union local only where the form says so', () => {
    const blank = { firstName: '', lastName: ' ', email: '', confirmEmail: '', street: '', city: '', state: '', zip: '', union: '', unionLocal: '', terms: false };
    const errors = errorsOf('strike_card', blank);
    for (const name of Object.keys(blank)) expect(errors[name]).toBe('This field is required.');
    expect(errorsOf('hospital', { unionLocal: '' }, false).unionLocal).toBeUndefined();
  });

  it('checks emails, phones, zip, state, union and the text opt-in with the exact words', () => {
    expect(errorsOf('strike_card', { email: 'pat@', confirmEmail: 'pat@' }).email).toBe('Please enter a valid email address.');
    expect(errorsOf('strike_card', { confirmEmail: 'other@example.com' }).email).toBe(
      'Email "pat@example.com" does not match confirmation value "other@example.com"',
    );
    expect(errorsOf('strike_card', { phone: '', mobilePhone: '' }).phone).toBe(
      'Please enter at least one number, in the Phone or Mobile Phone field.',
    );
    expect(errorsOf('strike_card', { mobilePhone: '555-0143' }).mobilePhone).toBe(grantMessage('phoneInvalid'));
    expect(errorsOf('strike_card', { zip: '1234' }).zip).toBe(grantMessage('zipInvalid'));
    expect(errorsOf('strike_card', { state: 'home_ZZ' }).state).toBe(grantMessage('stateInvalid'));
    expect(errorsOf('strike_card', { union: '99' }).union).toBe('Unknown union 99');
    expect(errorsOf('strike_card', { optInTexts: true }).optInTexts).toBe(grantMessage('optInNeedsPhone'));
    expect(errorsOf('strike_card', { optInTexts: true, mobilePhone: '202-555-0100' }).optInTexts).toBeUndefined();
    expect(errorsOf('strike_card', { firstName: 'x'.repeat(81) }).firstName).toBe('Please use at most 80 characters.');
    expect(errorsOf('strike_card', { confirmEmail: 'PAT@example.com' }).email).toBeUndefined();
  });

  it('checks numbers, amounts, options and lengths', () => {
    expect(errorsOf('strike_card', { creditCardNumber: '123' }).creditCardNumber).toBe('Please enter exactly 4 digits.');
    expect(errorsOf('disability', { disabilityPrevIncome: '4,000' }).disabilityPrevIncome).toBe('Please enter digits only.');
    expect(errorsOf('hospital', { hospitalUnreimbursed: '2,400' }).hospitalUnreimbursed).toBe(grantMessage('money'));
    expect(errorsOf('job_loss_card', { grantType: '3' }).grantType).toBe('Please choose one of the options.');
    expect(errorsOf('hospital', { programParticipation: ['63'] }).programParticipation).toBe(grantMessage('optionInvalid'));
    expect(errorsOf('debt_management', { mmiId: '123456789012' }).mmiId).toBe('Please use at most 11 characters.');
    expect(errorsOf('mortgage', { loanNumberChase: 'x'.repeat(16) }).loanNumberChase).toBe('Please use at most 15 characters.');
    expect(errorsOf('mortgage', { whyOutOfWork: 'x'.repeat(301) }).whyOutOfWork).toBe('Please use at most 300 characters.');
    expect(errorsOf('debt_management', { mmiAuthorization: false }).mmiAuthorization).toBe(grantMessage('required'));
    expect(errorsOf('hospital', { programParticipation: [] }).programParticipation).toBe(
      'Programs you participate in: At least one value is required.',
    );
  });

  it('keeps each grant date within the last 24 months, 29 February as 28 February, and never in the future', () => {
    expect(errorsOf('disability', { disabilityDate: d('2023-06-14') }).disabilityDate).toBe(grantMessage('disabilityDate'));
    expect(errorsOf('disability', { disabilityDate: d('2023-06-15') }).disabilityDate).toBeUndefined();
    expect(errorsOf('hospital', { hospitalOneStart: d('2023-01-01') }).hospitalOneStart).toBe(grantMessage('hospitalDate'));
    expect(errorsOf('job_loss_loan', { lastWorkDay: d('2020-01-01') }).lastWorkDay).toBe(grantMessage('jobLossDate'));
    expect(errorsOf('strike_loan', { strikeStart: d('2022-01-01') }).strikeStart).toBe(grantMessage('strikeDate'));
    expect(errorsOf('strike_loan', { strikeStart: d('2025-06-16') }).strikeStart).toBe('This date should not be in the future.');
    expect(errorsOf('strike_loan', { strikeStart: { year: '', month: '5', day: '' } }).strikeStart).toBe(grantMessage('dateInvalid'));
    const leap = validateGrant(valid('strike_loan', { strikeStart: d('2022-02-28') }), { ...ctx('strike_loan'), today: '2024-02-29' });
    expect(leap.strikeStart).toBeUndefined();
    // The catalogue's general window message, for a date rule without a grant of its own.
    expect(grantMessage('dateWithin24Months')).toBe('This date must be within the last 24 months.');
  });

  it('takes an expected return to work between today and 10 years ahead, or none', () => {
    expect(errorsOf('mortgage', { workReturnExpected: d('2025-06-14') }).workReturnExpected).toBe(grantMessage('workReturnRange'));
    expect(errorsOf('mortgage', { workReturnExpected: d('2035-06-16') }).workReturnExpected).toBe(grantMessage('workReturnRange'));
    expect(errorsOf('mortgage', { workReturnExpected: d('2035-06-15') }).workReturnExpected).toBeUndefined();
    expect(errorsOf('mortgage', { workReturnExpected: { year: '', month: '', day: '' } }).workReturnExpected).toBeUndefined();
  });

  it('wants a disability income at least 25% lower', () => {
    expect(errorsOf('disability', { disabilityPostIncome: '3001' }).disabilityPostIncome).toBe(
      'Disability income must be at least 25% less than your pre-disability income.',
    );
  });

  it('orders the hospital stays, pairs the second, and wants the lesser of 10% of income or $2,400', () => {
    expect(errorsOf('hospital', { hospitalOneStart: d('2025-03-06') }).hospitalOneEnd).toBe(
      'Hospitalization start date should be before end date.',
    );
    expect(errorsOf('hospital', { hospitalOneStart: d('2025-03-05') }).hospitalOneEnd).toBe(grantMessage('hospitalOrder'));
    expect(errorsOf('hospital', { hospitalTwoStart: d('2025-04-01') }).hospitalTwoEnd).toBe(grantMessage('hospitalTwoIncomplete'));
    expect(errorsOf('hospital', { hospitalTwoEnd: d('2025-04-01') }).hospitalTwoStart).toBe(grantMessage('hospitalTwoIncomplete'));
    expect(errorsOf('hospital', { annualIncome: '50000', hospitalUnreimbursed: '2399.99' }).hospitalUnreimbursed).toBe(
      'Out of pocket expenses must at least the lesser of 10% of your annual income or $2,400.',
    );
    expect(errorsOf('hospital', { annualIncome: '10000', hospitalUnreimbursed: '1000' }).hospitalUnreimbursed).toBeUndefined();
  });

  it('gives its errors in form order', () => {
    const errors = errorsOf('hospital', { terms: false, firstName: '', creditCardNumber: '1' });
    expect(Object.keys(errors)).toEqual(['firstName', 'creditCardNumber', 'terms']);
  });

  it('uses every message of the catalogue that is about a field', () => {
    const pageOnly = new Set(['formNotFound', 'formUnknownType', 'noUser', 'submitted', 'submittedStatus', 'submittedThanks', 'alreadySubmitted', 'submitAnother', 'viewSubmitted', 'noCases', 'aboutProgram', 'statusSending', 'statusUnknown', 'submitError']);
    const fieldMessages = Object.keys(contract.messages).filter((k) => !pageOnly.has(k));
    expect(fieldMessages.length).toBeGreaterThan(25);
  });
});

describe('case fields', () => {
  it('prefills from the profile, strips home_ from the state and confirms the email', () => {
    const values = initialGrantValues('strike_card', { firstName: 'Pat', email: 'pat@example.com', state: 'home_ny', union: '37' });
    expect(values).toMatchObject({ firstName: 'Pat', confirmEmail: 'pat@example.com', state: 'NY', union: '37', terms: false });
    expect(values).not.toHaveProperty('programParticipation');
  });

  it('sends dates as YYYY-MM-DD, the fixed fields, and leaves out empty optional values', () => {
    const sent = toCaseFields(valid('job_loss_card'), 'job_loss_card');
    expect(sent).toMatchObject({ lastWorkDay: '2025-02-01', programParticipation: ['7'], cardOpenThreeMonths: true, terms: true });
    expect(sent).not.toHaveProperty('street2');
    expect(sent).not.toHaveProperty('mobilePhone');
    expect(toCaseFields(valid('mortgage', { workReturnExpected: { year: '', month: '', day: '' } }), 'mortgage')).not.toHaveProperty(
      'workReturnExpected',
    );
  });

  it('shows no fixed field', () => {
    expect(shownFields('strike_loan').map((f) => f.name)).not.toContain('programParticipation');
  });
});

function formDocument(changes: Partial<FormDocument> = {}): FormDocument & { kind: GrantKind } {
  return {
    id: 'strike-grant-credit-cardholders',
    title: 'Strike Grant for Credit Cardholders',
    type: 'grant',
    kind: 'strike_card',
    unionLocalRequired: true,
    texts: {
      intro: '<p>Apply here.</p>',
      concluding: '<p>We will call you.</p>',
      disclaimer: '<p>Be truthful.</p>',
      statusText: '<p>Decisions take about two weeks.</p>',
    },
    prefill: { ...(COMMON as Record<string, string | boolean>), creditCardNumber: '1234', strikeStart: '2025-05-01', terms: false },
    unions: UNIONS,
    supportPhone: '800-472-2005',
    ...changes,
  } as FormDocument & { kind: GrantKind };
}

const submitted = {
  status: 201,
  body: {
    case: { id: 'c1', formId: 'strike-grant-credit-cardholders', title: 'Strike Grant', status: 'unprocessed', submitted: '2025-06-15T10:00:00Z' },
    message: 'Form submitted successfully.',
  },
};

describe('GrantForm', () => {
  beforeEach(() => nav.reset());
  afterEach(() => vi.unstubAllGlobals());

  it('shows an error only once its field was left, and every error on submit', async () => {
    const fetch = stubFetch(() => submitted);
    renderWithSession(<GrantForm form={formDocument()} uid="u-123" today={TODAY} />, SIGNED_IN);
    const card = screen.getByLabelText(/^Last 4 digits of your card number/);
    fireEvent.change(card, { target: { value: '12' } });
    expect(screen.queryByText('Please enter exactly 4 digits.')).toBeNull();
    fireEvent.blur(card);
    expect(screen.getByText('Please enter exactly 4 digits.')).toBeTruthy();
    expect(card.getAttribute('aria-invalid')).toBe('true');
    expect(card.getAttribute('aria-describedby')).toContain(screen.getByText('Please enter exactly 4 digits.').id);

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('This field is required.')).toBeTruthy(); // the terms
    expect(fetch).not.toHaveBeenCalled();
  });

  it('submits once however often it is clicked, then stays disabled under the thank-you', async () => {
    let answer: (value: typeof submitted) => void = () => undefined;
    const fetch = stubFetch((url) => (url.endsWith('/files') ? { body: { files: [] } } : new Promise((resolve) => (answer = resolve))));
    renderWithSession(<GrantForm form={formDocument()} uid="u-123" today={TODAY} />, SIGNED_IN);
    fireEvent.click(screen.getByLabelText(/^I agree to the/));
    const button = screen.getByRole('button', { name: 'Submit' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(sentBody(fetch)).toMatchObject({ fields: { strikeStart: '2025-05-01', programParticipation: ['7'], terms: true } });
    // The form's status text is for after submitting (spec 2 §2).
    expect(screen.queryByText('Decisions take about two weeks.')).toBeNull();
    await act(async () => answer(submitted));
    expect(await screen.findByRole('heading', { name: 'Your form has been submitted' })).toBeTruthy();
    expect(screen.getByText(grantMessage('submittedThanks'))).toBeTruthy();
    expect(screen.getByText('We will call you.')).toBeTruthy();
    expect(screen.getByText('Decisions take about two weeks.')).toBeTruthy();
    expect(await screen.findByText('Form submitted successfully.')).toBeTruthy();
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/cases'))).toHaveLength(1);
  });

  it("shows the new case's block with its supporting documents after success", async () => {
    stubFetch((url) => (url.endsWith('/cases/c1/files') ? { body: { files: [] } } : submitted));
    renderWithSession(<GrantForm form={formDocument()} uid="u-123" today={TODAY} />, SIGNED_IN);
    fireEvent.click(screen.getByLabelText(/^I agree to the/));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const block = await screen.findByRole('article', { name: 'Strike Grant' });
    expect(within(block).getByRole('heading', { name: 'Supporting documents' })).toBeTruthy();
    expect(await within(block).findByText('No documents have been added to this case yet.')).toBeTruthy();
    expect(within(block).getByLabelText('Choose files')).toBeTruthy();
  });

  it('hides the button row after success when there is no concluding text', async () => {
    stubFetch(() => submitted);
    renderWithSession(<GrantForm form={formDocument({ texts: { intro: '<p>Apply.</p>' } })} uid="u-123" today={TODAY} />, SIGNED_IN);
    fireEvent.click(screen.getByLabelText(/^I agree to the/));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Your form has been submitted' });
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it("shows the BFF's field errors on their fields", async () => {
    stubFetch(() => problem(400, 'Please check the form.', [{ field: 'creditCardNumber', message: 'Please enter exactly 4 digits.' }]));
    renderWithSession(<GrantForm form={formDocument()} uid="u-123" today={TODAY} />, SIGNED_IN);
    fireEvent.click(screen.getByLabelText(/^I agree to the/));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const error = await screen.findByText('Please enter exactly 4 digits.');
    expect(screen.getByLabelText(/^Last 4 digits/).getAttribute('aria-describedby')).toContain(error.id);
  });

  it('says a failure to submit with the support number', async () => {
    stubFetch(() => problem(503, 'Unavailable'));
    renderWithSession(<GrantForm form={formDocument()} uid="u-123" today={TODAY} />, SIGNED_IN);
    fireEvent.click(screen.getByLabelText(/^I agree to the/));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(grantMessage('submitError', { phone: '800-472-2005' }))).toBeTruthy();
  });

  it('links the terms and the privacy policy', () => {
    renderWithSession(<GrantForm form={formDocument()} uid="u-123" today={TODAY} />, SIGNED_IN);
    expect(screen.getByRole('link', { name: /^Terms and Conditions/ }).getAttribute('href')).toBe('/page/terms-and-conditions');
    expect(screen.getByRole('link', { name: /^Privacy Policy/ }).getAttribute('href')).toBe('/page/privacy');
  });

  it('says when the form was already submitted, and shows it on Submit another', () => {
    const doc = formDocument({ alreadySubmitted: { caseId: 'c0', submitted: '2025-05-20T12:00:00Z' } });
    renderWithSession(<GrantForm form={doc} uid="u-123" today={TODAY} />, SIGNED_IN);
    expect(screen.getByText('You already submitted this form on May 20, 2025.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View submitted forms' }).getAttribute('href')).toBe('/account/u-123/forms');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit another' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });
});
