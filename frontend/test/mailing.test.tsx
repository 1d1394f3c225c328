import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeSignupPrefill } from '@/components/modals/signupPrefill';
import { MailingForm } from '@/components/mailing/MailingForm';
import { MailingPromo } from '@/components/mailing/MailingPromo';
import { canSubmit } from '@/components/mailing/mailingForm';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { MEMBER, renderWithSession, SIGNED_IN, VISITOR } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// components/mailing: the one sign-up form of every placement (spec 3 §2, §4, §5).

const SUCCESS = { status: 200, body: { message: 'Newsletter signup successful!' } };

/** Answers the sign-up with `answer` and every session read with `session`. */
function bff(answer: { status?: number; body?: unknown }, session = VISITOR) {
  return stubFetch((url) => (url.endsWith('/mailing-list') ? answer : { body: session }));
}

function fill(email: string, union: string, firstName?: string) {
  if (firstName !== undefined) fireEvent.change(screen.getByPlaceholderText('Enter your first name *'), { target: { value: firstName } });
  fireEvent.change(screen.getByPlaceholderText('Enter your email address *'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Union'), { target: { value: union } });
}

const button = () => screen.getByRole('button', { name: /Sign me up|Signing you up/ }) as HTMLButtonElement;

beforeEach(() => nav.reset());
afterEach(() => vi.unstubAllGlobals());

describe('canSubmit', () => {
  it('needs email and union, and the first name on the Plus More pages', () => {
    expect(canSubmit({ email: 'a@b.org', union: '7', firstName: '' }, false)).toBe(true);
    expect(canSubmit({ email: ' ', union: '7', firstName: '' }, false)).toBe(false);
    expect(canSubmit({ email: 'a@b.org', union: '', firstName: '' }, false)).toBe(false);
    expect(canSubmit({ email: 'a@b.org', union: '7', firstName: '' }, true)).toBe(false);
    expect(canSubmit({ email: 'a@b.org', union: '7', firstName: 'Pat' }, true)).toBe(true);
  });
});

describe('MailingForm', () => {
  it("offers the spec's placeholders and waits for email and union", () => {
    bff(SUCCESS);
    renderWithSession(<MailingForm source="blog-sidebar" />);
    expect(screen.getByRole('option', { name: 'Choose your Union *' })).toBeTruthy();
    expect(button().disabled).toBe(true);
    fill('pat@example.com', '');
    expect(button().disabled).toBe(true);
    fill('pat@example.com', '7');
    expect(button().disabled).toBe(false);
  });

  it("saves once however often it is pressed, clears the fields, thanks the visitor and offers the sign-up modal prefilled", async () => {
    let release: () => void = () => undefined;
    const fetch = stubFetch(async (url) => {
      if (!url.endsWith('/mailing-list')) return { body: { ...VISITOR, emailSubscribed: true } };
      await new Promise<void>((resolve) => (release = resolve));
      return SUCCESS;
    });
    nav.go('/blog/money-tips?topic=credit');
    renderWithSession(<MailingForm source="home-promo" />);
    fill(' pat@example.com ', '7');
    fireEvent.click(button());
    fireEvent.click(button());
    fireEvent.submit(button().closest('form')!);
    await waitFor(() => expect(button().textContent).toBe('Signing you up…'));
    expect(button().disabled).toBe(true);
    // The call leaves once the BFF client's code has loaded (lib/bff/queries.ts): wait for it.
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/mailing-list'))).toBe(true));
    await act(async () => release());
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Newsletter signup successful!');
    const posts = fetch.mock.calls.filter(([url]) => String(url).endsWith('/mailing-list'));
    expect(posts).toHaveLength(1);
    expect(sentBody(fetch, fetch.mock.calls.findIndex(([url]) => String(url).endsWith('/mailing-list')))).toEqual({
      source: 'home-promo',
      email: 'pat@example.com',
      union: '7',
    });
    expect((screen.getByPlaceholderText('Enter your email address *') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Union') as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(nav.push).toHaveBeenCalled());
    const target = new URL(nav.push.mock.calls[0]![0], 'http://site.invalid');
    expect(target.pathname).toBe('/blog/money-tips');
    // The email goes to the modal through this tab's storage, never in the address.
    expect(Object.fromEntries(target.searchParams)).toEqual({
      topic: 'credit',
      modal: 'signup',
      complete: '1',
      union: '7',
    });
    expect(takeSignupPrefill()).toEqual({ email: 'pat@example.com' });
    expect(takeSignupPrefill()).toEqual({}); // read once
  });

  it("prefills a member's email and union, sends the first name on the Plus More pages, and opens no modal", async () => {
    const member = { ...SIGNED_IN, user: { ...MEMBER, union: { id: '12', name: 'Communications Workers of America', label: 'Communications Workers of America (CWA)' } } };
    const fetch = bff(SUCCESS, member);
    renderWithSession(<MailingForm source="plusmore" withFirstName />, member);
    expect((screen.getByPlaceholderText('Enter your email address *') as HTMLInputElement).value).toBe(MEMBER.email);
    expect((screen.getByLabelText('Union') as HTMLSelectElement).value).toBe('12');
    fireEvent.change(screen.getByPlaceholderText('Enter your first name *'), { target: { value: ' Pat ' } });
    fireEvent.click(button());
    await screen.findByText('Newsletter signup successful!');
    const i = fetch.mock.calls.findIndex(([url]) => String(url).endsWith('/mailing-list'));
    expect(sentBody(fetch, i)).toEqual({ source: 'plusmore', email: MEMBER.email, union: '12', firstName: 'Pat' });
    expect(nav.push).not.toHaveBeenCalled();
  });

  it("shows the BFF's words for a mistake and keeps what was typed", async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    bff(problem(400, 'Please enter a valid email address.', [{ field: 'email', message: 'Please enter a valid email address.' }]));
    renderWithSession(<MailingForm source="hero-form" />);
    fill('pat@example', '7');
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address.');
    expect((screen.getByPlaceholderText('Enter your email address *') as HTMLInputElement).value).toBe('pat@example');
  });

  it('says so in our words when the BFF is down', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    bff({ status: 503, body: { type: 'about:blank', title: 'x', status: 503, detail: 'The mailing list is unavailable.', code: 'unavailable' } });
    renderWithSession(<MailingForm source="hero-form" />);
    fill('pat@example.com', '7');
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe('We could not sign you up just now. Please try again in a moment.');
  });
});

describe('MailingPromo', () => {
  const promo = (
    <MailingPromo source="blog-sidebar" labelledBy="h">
      <h2 id="h">Get tips</h2>
    </MailingPromo>
  );

  it('is hidden for a reader already on the list', () => {
    bff(SUCCESS, { ...VISITOR, emailSubscribed: true });
    renderWithSession(promo, { ...VISITOR, emailSubscribed: true });
    expect(screen.queryByRole('region', { name: 'Get tips' })).toBeNull();
  });

  it('stays to thank the reader it just signed up', async () => {
    bff(SUCCESS, { ...VISITOR, emailSubscribed: true });
    renderWithSession(promo);
    fill('pat@example.com', '7');
    fireEvent.click(button());
    await screen.findByText('Newsletter signup successful!');
    // The session now says subscribed (its read after the sign-up answered so).
    await waitFor(() => expect(nav.push).toHaveBeenCalled());
    expect(screen.getByRole('region', { name: 'Get tips' })).toBeTruthy();
  });
});
