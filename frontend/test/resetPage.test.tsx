import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limits, message } from '@/lib/accounts';
import { SESSION_KEY } from '@/lib/bff/queries';
import type { Session } from '@/lib/bff/types';
import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { OFFLINE, renderWithSession, SIGNED_IN, VISITOR } from './session';

// /reset (spec 1 §2, §4): the server's redirects, and the form with its delays.

const { redirect, getSessionOrNull } = vi.hoisted(() => ({
  redirect: vi.fn((url: string) => {
    throw new Error(`NEXT_REDIRECT ${url}`);
  }),
  getSessionOrNull: vi.fn<() => Promise<Session | null>>(),
}));

vi.mock('next/navigation', async () => ({ ...(await import('./navigationMock')).navigationMock, redirect }));
vi.mock('@/lib/bff/server', () => ({ getSessionOrNull }));

const LINK = { apiKey: 'fake-key', lang: 'en', mode: 'resetPassword', oobCode: 'code-1' } as const;

async function renderPage(query: Record<string, string>, session: Session | null) {
  getSessionOrNull.mockResolvedValue(session);
  const { default: ResetPage } = await import('@/app/(site)/reset/page');
  const page = await ResetPage({ searchParams: Promise.resolve(query) });
  return renderWithSession(page, session ?? VISITOR);
}

describe('/reset on the server', () => {
  beforeEach(() => {
    nav.reset();
    redirect.mockClear();
  });

  it('sends a signed-in member to their account', async () => {
    await expect(renderPage(LINK, SIGNED_IN)).rejects.toThrow('NEXT_REDIRECT /account/u-123');
  });

  it.each(['apiKey', 'lang', 'mode', 'oobCode'])('goes home when %s is missing', async (name) => {
    const query: Record<string, string> = { ...LINK };
    delete query[name];
    await expect(renderPage(query, VISITOR)).rejects.toThrow('NEXT_REDIRECT /');
    expect(redirect).toHaveBeenCalledWith('/');
  });

  it('shows the form for a complete link', async () => {
    await renderPage(LINK, VISITOR);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeTruthy();
    expect(screen.getByLabelText(/^New Password/)).toBeTruthy();
  });

  it('shows the offline message instead while login is off', async () => {
    await renderPage(LINK, OFFLINE);
    expect(screen.getByText(OFFLINE.loginOfflineMessage as string)).toBeTruthy();
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
  });

  it('still renders the form when the BFF cannot tell the session', async () => {
    await renderPage(LINK, null);
    expect(screen.getByLabelText(/^New Password/)).toBeTruthy();
  });
});

function fill(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm New Password/), { target: { value: confirm } });
}

const button = () => screen.getByRole('button', { name: 'Set New Password' }) as HTMLButtonElement;

describe('ResetPasswordForm', () => {
  beforeEach(() => nav.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('enables the button only for a valid password confirmed exactly', () => {
    renderWithSession(<ResetPasswordForm link={LINK} />);
    expect(button().disabled).toBe(true);
    fill('password1', 'password1');
    expect(button().disabled).toBe(true);
    fill('Password1', 'Password2');
    expect(button().disabled).toBe(true);
    fill('Password1', 'Password1');
    expect(button().disabled).toBe(false);
    expect(screen.getByText(message('passwordHint'))).toBeTruthy();
  });

  it.each([
    [false, limits.resetSuccessDelayMs, message('resetSuccess')],
    [true, limits.resetPartialDelayMs, message('resetPartial')],
  ])('partial %s: shows the message, then goes to the profile after %i ms', async (partial, delay, text) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = stubFetch(() => ({ body: { session: SIGNED_IN, message: text, partial } }));
    const { client } = renderWithSession(<ResetPasswordForm link={LINK} />);
    fill('Password1', 'Password1');
    fireEvent.click(button());

    expect(await screen.findByText(text)).toBeTruthy();
    expect(sentBody(fetch)).toEqual({ ...LINK, password: 'Password1', confirmPassword: 'Password1' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/password/reset');
    expect(client.getQueryData(SESSION_KEY)).toEqual(SIGNED_IN);
    expect(nav.push).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(delay));
    await waitFor(() => expect(nav.push).toHaveBeenCalledWith('/account/u-123/profile', undefined));
    expect(button().disabled).toBe(true); // no second reset with a used link
  });

  it('shows a failure inline', async () => {
    stubFetch(() => problem(400, message('resetLinkInvalid')));
    renderWithSession(<ResetPasswordForm link={LINK} />);
    fill('Password1', 'Password1');
    fireEvent.click(button());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message('resetLinkInvalid')));
    expect(nav.push).not.toHaveBeenCalled();
  });
});
