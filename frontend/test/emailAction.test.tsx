import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '@/lib/accounts';
import type { Session } from '@/lib/bff/types';
import { continuePath } from '@/lib/returnTo';
import { EmailVerification } from '@/components/account/EmailVerification';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN, VISITOR } from './session';

// /reset dispatches on the link's mode (spec 1 §2): Firebase sends verification and
// email-recovery links to the same page as the password reset.

const { redirect, getSessionOrNull } = vi.hoisted(() => ({
  redirect: vi.fn((url: string) => {
    throw new Error(`NEXT_REDIRECT ${url}`);
  }),
  getSessionOrNull: vi.fn<() => Promise<Session | null>>(),
}));

vi.mock('next/navigation', async () => ({ ...(await import('./navigationMock')).navigationMock, redirect }));
vi.mock('@/lib/bff/server', () => ({ getSessionOrNull }));

const LINK = { apiKey: 'fake-key', lang: 'en', oobCode: 'code-1' };
const UNVERIFIED: Session = { ...SIGNED_IN, user: { ...SIGNED_IN.user!, emailVerified: false } };
const VERIFIED: Session = { ...SIGNED_IN, user: { ...SIGNED_IN.user!, emailVerified: true } };

async function renderPage(query: Record<string, string>, session: Session) {
  getSessionOrNull.mockResolvedValue(session);
  const { default: ResetPage } = await import('@/app/(site)/reset/page');
  const page = await ResetPage({ searchParams: Promise.resolve(query) });
  return renderWithSession(page, session);
}

/** The BFF: the link's answer, then the session read again. */
function bff(action: ReturnType<typeof problem> | { body: unknown }, session: Session) {
  return stubFetch((url) => (url.endsWith('/api/v1/email/action') ? action : { body: session }));
}

describe('/reset with a verification or email-recovery link', () => {
  beforeEach(() => {
    nav.reset();
    redirect.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('verifies a signed-in member at once, refreshes their session and offers the way back', async () => {
    const fetch = bff({ body: { mode: 'verifyEmail', message: message('emailVerifiedByLink'), email: 'a@example.com' } }, VERIFIED);
    const { client } = await renderPage(
      { ...LINK, mode: 'verifyEmail', continueUrl: 'http://127.0.0.1:3000/login/partner/demo' },
      UNVERIFIED,
    );
    expect(redirect).not.toHaveBeenCalled(); // unlike a reset link, a member stays to verify
    expect(screen.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeTruthy();
    expect(await screen.findByText('Your email address has been verified.')).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/email/action');
    expect(sentBody(fetch)).toEqual({ ...LINK, mode: 'verifyEmail' });
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/login/partner/demo');
    await waitFor(() => expect(client.getQueryData<Session>(['session'])?.user?.emailVerified).toBe(true));
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/email/action'))).toHaveLength(1);
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
  });

  it('goes on to the account when the link names nowhere to go back to', async () => {
    bff({ body: { mode: 'verifyEmail', message: message('emailVerifiedByLink'), email: 'a@example.com' } }, VERIFIED);
    await renderPage({ ...LINK, mode: 'verifyEmail', continueUrl: 'javascript:alert(1)' }, UNVERIFIED);
    await screen.findByText('Your email address has been verified.');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/account/u-123');
  });

  it('says so when the code is used or expired', async () => {
    bff(problem(400, message('verifyLinkInvalid')), VISITOR);
    await renderPage({ ...LINK, mode: 'verifyEmail' }, VISITOR);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message('verifyLinkInvalid')));
    expect(screen.queryByText('Your email address has been verified.')).toBeNull();
  });

  it('restores the old email and suggests a password reset', async () => {
    const restored = message('emailRecovered', { email: 'a@example.com' });
    const fetch = bff({ body: { mode: 'recoverEmail', message: restored, email: 'a@example.com' } }, VISITOR);
    await renderPage({ ...LINK, mode: 'recoverEmail' }, VISITOR);
    expect(screen.getByRole('heading', { level: 1, name: 'Restore Your Email' })).toBeTruthy();
    expect(await screen.findByText(restored)).toBeTruthy();
    expect(sentBody(fetch)).toEqual({ ...LINK, mode: 'recoverEmail' });
    expect(screen.getByRole('link', { name: 'Reset Your Password' }).getAttribute('href')).toBe('/?modal=forgot');
  });

  it('refuses a link of any other mode', async () => {
    const fetch = stubFetch(() => ({ body: VISITOR }));
    await renderPage({ ...LINK, mode: 'signIn' }, VISITOR);
    expect(screen.getByRole('alert').textContent).toBe(message('actionLinkInvalid'));
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/email/action'))).toHaveLength(0);
  });

  it('titles the page by the mode', async () => {
    const { generateMetadata } = await import('@/app/(site)/reset/page');
    const title = async (mode: string) => (await generateMetadata({ searchParams: Promise.resolve({ ...LINK, mode }) })).title;
    expect(await title('verifyEmail')).toBe('Verify Your Email');
    expect(await title('recoverEmail')).toBe('Restore Your Email');
    expect(await title('resetPassword')).toBe('Reset Password');
  });
});

describe('continuePath', () => {
  it.each([
    ['https://union.example/login/partner/demo', '/login/partner/demo'],
    ['http://127.0.0.1:3000/account/u1?x=1#top', '/account/u1?x=1#top'],
    ['https://elsewhere.example/x', '/x'],
    ['https://union.example//evil.example/', null],
    ['javascript:alert(1)', null],
    ['/relative', null],
    ['', null],
  ])('%s → %s', (raw, want) => {
    expect(continuePath(raw)).toBe(want);
  });
});

describe("the account's Verify Email", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a link that comes back to the account (spec 1 §7 {url})', async () => {
    const fetch = stubFetch(() => ({ body: { message: message('verificationSent') } }));
    renderWithSession(<EmailVerification verified={false} />, UNVERIFIED);
    fireEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText(message('verificationSent'))).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/session/verification');
    expect(sentBody(fetch)).toEqual({ url: '/account/u-123' });
  });

  it.each([
    ['an unavailable provider, in its own words', 503, 'The authentication service is down for maintenance.'],
    ['an invalid argument', 400, message('verificationInvalidArgument')],
  ])('shows %s', async (_, status, detail) => {
    stubFetch(() => problem(status, detail));
    renderWithSession(<EmailVerification verified={false} />, UNVERIFIED);
    fireEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText(detail)).toBeTruthy();
  });
});
