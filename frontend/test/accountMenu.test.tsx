import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/bff/queries';
import type { Session } from '@/lib/bff/types';
import { AccountMenu } from '@/components/layout/AccountMenu';
import { problem, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN, VISITOR } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The header's account area: log in / sign up for a visitor, my account / log out for a member.

describe('AccountMenu', () => {
  beforeEach(() => nav.reset());
  afterEach(() => vi.unstubAllGlobals());

  it('offers a visitor the login and signup modals on the current page', () => {
    nav.go('/blog/all-tips-updates?topic=3');
    renderWithSession(<AccountMenu variant="bar" />, VISITOR);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/blog/all-tips-updates?topic=3&modal=login',
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/blog/all-tips-updates?topic=3&modal=signup',
    );
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it("offers a member their account and 'Log out'", () => {
    renderWithSession(<AccountMenu variant="panel" />, SIGNED_IN);
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/account/u-123');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('logs out: the session forgets the member, the message shows, the page refreshes in place', async () => {
    nav.go('/benefits/insurance');
    const fetch = stubFetch(() => ({ body: { message: 'Logout successful!' } }));
    const { client } = renderWithSession(<AccountMenu variant="bar" />, SIGNED_IN);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Logout successful!')).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/session');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('DELETE');
    const session = client.getQueryData<Session>(SESSION_KEY);
    expect(session?.signedIn).toBe(false);
    expect(session?.user).toBeUndefined();
    expect(session?.visibleUnions).toEqual(VISITOR.visibleUnions);
    expect(nav.refresh).toHaveBeenCalled();
    expect(nav.push).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it.each(['/account/u-123/profile', '/form/hardship-grant'])('logging out on %s goes home', async (path) => {
    nav.go(path);
    stubFetch(() => ({ body: { message: 'Logout successful!' } }));
    renderWithSession(<AccountMenu variant="bar" />, SIGNED_IN);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(nav.push).toHaveBeenCalledWith('/', undefined));
  });

  it('says so when logging out fails, and keeps the member', async () => {
    stubFetch(() => problem(403, 'Forbidden'));
    const { client } = renderWithSession(<AccountMenu variant="bar" />, SIGNED_IN);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Forbidden')).toBeTruthy();
    expect(client.getQueryData<Session>(SESSION_KEY)?.signedIn).toBe(true);
  });
});
