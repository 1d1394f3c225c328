import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/bff/queries';
import { rememberPendingLink } from '@/lib/pendingLink';
import { ModalHost } from '@/components/shell/ModalHost';
import { GateModal } from '@/components/auth/GateModal';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN, VISITOR } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The login modal's form (spec 3 §4, §5): button enablement, sign-in, errors in the modal.

function fill(email: string, password = 'Password1') {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
}

const logIn = () => screen.getByRole('button', { name: 'Log In' }) as HTMLButtonElement;

describe('LoginModal', () => {
  beforeEach(() => {
    nav.reset();
    nav.go('/benefits?modal=login');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('asks a member who is signed in already for nothing: the modal goes, and they stay or go on', () => {
    renderWithSession(<ModalHost />, SIGNED_IN);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(nav.replace).toHaveBeenCalledWith('/benefits', { scroll: false });

    nav.reset();
    nav.go('/?modal=login&destination=%2Faccount%2Fprofile');
    renderWithSession(<ModalHost />, SIGNED_IN);
    expect(nav.replace.mock.calls.map(([href]) => href)).toContain('/account/profile');
  });

  it('enables Log In only once the email is valid', () => {
    renderWithSession(<ModalHost />);
    expect(logIn().disabled).toBe(true);
    fill('member@example');
    expect(logIn().disabled).toBe(true);
    fill('member@example.com');
    expect(logIn().disabled).toBe(false);
  });

  it('signs in: the session gets the member, the modal closes, the message shows, the page refreshes', async () => {
    const fetch = stubFetch(() => ({ body: { session: SIGNED_IN, message: 'Login successful!' } }));
    const { client } = renderWithSession(<ModalHost />);
    fill(' member@example.com ');
    fireEvent.click(logIn());

    await waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/benefits', { scroll: false }));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/session');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(sentBody(fetch)).toEqual({ email: 'member@example.com', password: 'Password1' });
    expect(client.getQueryData(SESSION_KEY)).toEqual(SIGNED_IN);
    expect(nav.refresh).toHaveBeenCalled();
    expect(await screen.findByText('Login successful!')).toBeTruthy();
  });

  it('takes the member back to the gated route that sent them, with the message shown there', async () => {
    nav.go('/?modal=login&destination=%2Faccount%2Fprofile%3Ftab%3D1');
    stubFetch(() => ({ body: { session: SIGNED_IN, message: 'Login successful!' } }));
    const { rerender } = renderWithSession(<ModalHost />);
    fill('member@example.com');
    fireEvent.click(logIn());

    await waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/account/profile?tab=1', undefined));
    expect(nav.replace).toHaveBeenCalledTimes(1); // not home first
    expect(nav.refresh).toHaveBeenCalled();
    // The message waits for the page it belongs to: leaving home would close it at once.
    expect(screen.queryByText('Login successful!')).toBeNull();
    nav.go('/account/profile?tab=1');
    rerender(<ModalHost />);
    expect(await screen.findByText('Login successful!')).toBeTruthy();
  });

  // Spec 1 §4: "on login the user goes to a requested partner redirect". The BFF sends a visitor
  // here with its redirect route as the destination; it leaves the site, so the browser loads it.
  const PARTNER_REDIRECT = `/api/v1/hotels/redirect?redirect_url=${encodeURIComponent('https://hotels.example.com/?in=1')}`;

  it('sends the member on to the partner redirect they came with, before a remembered link', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    rememberPendingLink({ url: '/store' });
    nav.go(`/?modal=login&destination=${encodeURIComponent(PARTNER_REDIRECT)}`);
    stubFetch(() => ({ body: { session: SIGNED_IN, message: 'Login successful!' } }));
    renderWithSession(<ModalHost />);
    fill('member@example.com');
    fireEvent.click(logIn());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PARTNER_REDIRECT));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('sends a member signed in already straight on to the partner redirect', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    nav.go(`/?modal=login&destination=${encodeURIComponent(PARTNER_REDIRECT)}`);
    renderWithSession(<ModalHost />, SIGNED_IN);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(assign).toHaveBeenCalledWith(PARTNER_REDIRECT);
  });

  it.each(['//evil.example/account', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])(
    'never follows the hostile target %j: the member stays home',
    async (target) => {
      nav.go(`/?modal=login&destination=${encodeURIComponent(target)}`);
      stubFetch(() => ({ body: { session: SIGNED_IN, message: 'Login successful!' } }));
      renderWithSession(<ModalHost />);
      fill('member@example.com');
      fireEvent.click(logIn());

      await waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/', { scroll: false }));
      expect(nav.replace).toHaveBeenCalledTimes(1);
      expect(await screen.findByText('Login successful!')).toBeTruthy();
    },
  );

  it('forgets the target when the visitor closes the modal', () => {
    nav.go('/?modal=login&destination=%2Fstore%2Fcheckout&union=37');
    renderWithSession(<ModalHost />);
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(nav.replace).toHaveBeenCalledWith('/?union=37', { scroll: false });
  });

  it('shows a failure inside the modal, in an alert, and stays open', async () => {
    stubFetch(() => problem(401, 'The password is invalid or the user does not have a password.'));
    renderWithSession(<ModalHost />);
    fill('member@example.com', 'wrong');
    fireEvent.click(logIn());

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('The password is invalid or the user does not have a password.'));
    expect(nav.replace).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Log In' })).toBeTruthy();
    expect(logIn().disabled).toBe(false); // ready for another try
  });

  it('drops a second submit while the first is running', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const fetch = stubFetch(() => new Promise((resolve) => (answer = resolve)));
    renderWithSession(<ModalHost />);
    fill('member@example.com');
    const form = logIn().closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(logIn().disabled).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => answer({ body: { session: SIGNED_IN, message: 'Login successful!' } }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('opens the link a visitor clicked before signing in', async () => {
    stubFetch(() => ({ body: { session: SIGNED_IN, message: 'Login successful!' } }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    rememberPendingLink({ url: 'https://partner.example.org/offer', target: '_blank' });
    renderWithSession(<ModalHost />);
    fill('member@example.com');
    fireEvent.click(logIn());
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://partner.example.org/offer', '_blank', 'noopener'));
  });
});

describe('GateModal after sign-in', () => {
  beforeEach(() => nav.reset());

  it('is there for a visitor and lifts once the session has a member', async () => {
    nav.go('/benefits/members-only');
    const { client } = renderWithSession(<GateModal />, VISITOR);
    expect(screen.getByRole('dialog', { name: 'Members only' })).toBeTruthy();
    act(() => client.setQueryData(SESSION_KEY, SIGNED_IN));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
