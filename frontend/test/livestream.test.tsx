import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LivestreamView } from '@/components/livestream/LivestreamView';
import type { ChatProvider } from '@/components/livestream/chatProvider';
import {
  adminRequested,
  chatCookie,
  chatUngated,
  chatUsername,
  checkAccess,
  clearedChatCookie,
  debounce,
  escapeHtml,
  isLogoutMessage,
  livestreamSlug,
  loginAccepted,
} from '@/lib/livestream';
import { renderWithSession } from './session';
import { problem, sentBody, stubFetch } from './fetchStub';

describe('livestream chat rules (spec 3 §4, §5, §9)', () => {
  it('ungates with livestream_{id}=1 for 7 days on path /, and clears it', () => {
    expect(chatCookie('1501')).toBe('livestream_1501=1; Max-Age=604800; Path=/; SameSite=Lax');
    expect(clearedChatCookie('1501')).toBe('livestream_1501=; Max-Age=0; Path=/; SameSite=Lax');
    expect(chatUngated('a=b; livestream_1501=1', '1501')).toBe(true);
    expect(chatUngated('livestream_1501=0; livestream_15011=1', '1501')).toBe(false);
    expect(chatUngated('', '1501')).toBe(false);
  });

  it('lets in on pm.4 and pm.5 only', () => {
    expect(loginAccepted('pm.4')).toBe(true);
    expect(loginAccepted('pm.5')).toBe(true);
    for (const s of ['pm.2', 'pm.1', '', undefined, 4]) expect(loginAccepted(s)).toBe(false);
  });

  it('hears a logout only as the number 0 from the provider', () => {
    const provider = 'https://chat.example.net';
    expect(isLogoutMessage({ origin: provider, data: 0 }, provider)).toBe(true);
    expect(isLogoutMessage({ origin: provider, data: '0' }, provider)).toBe(false);
    expect(isLogoutMessage({ origin: provider, data: false }, provider)).toBe(false);
    expect(isLogoutMessage({ origin: 'https://evil.example', data: 0 }, provider)).toBe(false);
    expect(isLogoutMessage({ origin: provider, data: 0 }, undefined)).toBe(false);
  });

  it('requires a display name, an email unless admin, and a password for an admin', () => {
    const empty = { name: ' ', email: '', password: '', updates: true };
    expect(checkAccess(empty, false)).toEqual({
      name: 'Please enter a display name.',
      email: 'Please enter your email address.',
    });
    expect(checkAccess(empty, true)).toEqual({ name: 'Please enter a display name.', password: 'Please enter the admin password.' });
    expect(checkAccess({ ...empty, name: 'Pat', email: 'pat@' }, false)).toEqual({ email: 'Please enter a valid email address.' });
    expect(checkAccess({ ...empty, name: 'x'.repeat(41), email: 'pat@example.org' }, false)).toEqual({
      name: 'Your display name can be at most 40 characters.',
    });
    expect(checkAccess({ ...empty, name: 'Mod', password: 'secret' }, true)).toEqual({});
  });

  it('escapes names and adds a random four-digit suffix', () => {
    expect(escapeHtml(`<b>"Pat" & 'Sam'</b>`)).toBe('&lt;b&gt;&#34;Pat&#34; &amp; &#39;Sam&#39;&lt;/b&gt;');
    expect(chatUsername(' <i>Mod</i> ', () => 0.0421)).toBe('&lt;i&gt;Mod&lt;/i&gt;-0421');
  });

  it('reads ?cadmin=true, the slug, and debounces', () => {
    expect(adminRequested('?cadmin=true')).toBe(true);
    expect(adminRequested('?cadmin=1')).toBe(false);
    expect(livestreamSlug('/livestream/member-town-hall')).toBe('member-town-hall');
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, 300);
    d.call();
    vi.advanceTimersByTime(200);
    d.call();
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

describe('LivestreamView', () => {
  const stream = { id: '1501', eventSource: 'https://player.example.com/1', commentSource: 'room' };
  const PROVIDER = 'https://chat.example.net/sdk.js';
  let provider: ChatProvider & { logoutCallbacks: (() => void)[]; status: string };

  beforeEach(() => {
    document.cookie = clearedChatCookie('1501');
    provider = {
      status: 'pm.4',
      logoutCallbacks: [],
      login: vi.fn((o) => o.callback({ status: provider.status })),
      logout: vi.fn((o) => provider.logoutCallbacks.push(o.callback)),
      mount: vi.fn(),
    };
    window.chatProvider = provider;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    delete window.chatProvider;
    window.history.replaceState(null, '', '/');
  });

  const view = () => renderWithSession(<LivestreamView stream={stream} pagePath="/livestream/member-town-hall" chatProviderUrl={PROVIDER} />);

  it('shows the player and, gated, the access form with the updates box checked', async () => {
    view();
    expect(screen.getByTitle('Livestream player').getAttribute('src')).toBe(stream.eventSource);
    expect(await screen.findByRole('heading', { name: 'Join the conversation' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Sign up for emails/ }) as HTMLInputElement).checked).toBe(true);
    // Outside fullscreen the comments cannot be hidden.
    expect(screen.queryByRole('button', { name: 'Hide comments' })).toBeNull();
  });

  it('enters: the record through the BFF, the provider login, the cookie, the chat', async () => {
    const fetch = stubFetch(() => ({ body: { stream: '1501', username: 'Pat-0420', hash: 'up-livestream-chat' } }));
    view();
    fireEvent.change(await screen.findByRole('textbox', { name: /Display name/ }), { target: { value: 'Pat' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: 'pat@example.org' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Sign up for emails/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Enter chat' }));
    await waitFor(() => expect(document.cookie).toContain('livestream_1501=1'));
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/v1/livestreams/member-town-hall/access');
    expect(sentBody(fetch)).toEqual({ name: 'Pat', email: 'pat@example.org', updates: false });
    expect(provider.login).toHaveBeenCalledWith(expect.objectContaining({ hash: 'up-livestream-chat', username: 'Pat-0420' }));
    expect(screen.queryByRole('heading', { name: 'Join the conversation' })).toBeNull();
  });

  it("shows the BFF's field messages and a refused login", async () => {
    stubFetch(() => problem(400, 'Please enter a valid email address.', [{ field: 'email', message: 'Please enter a valid email address.' }]));
    view();
    fireEvent.change(await screen.findByRole('textbox', { name: /Display name/ }), { target: { value: 'Pat' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: 'pat@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enter chat' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(provider.login).not.toHaveBeenCalled();
  });

  it('re-gates on the provider logout callback, registered 2 s after load, and on its message 0, debounced', async () => {
    vi.useFakeTimers();
    document.cookie = chatCookie('1501');
    view();
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Join the conversation' })).toBeNull();
    await act(async () => vi.advanceTimersByTime(1999));
    expect(provider.logout).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(provider.logout).toHaveBeenCalledTimes(1);

    // A message 0 from elsewhere changes nothing; the provider's, with its callback, re-gates once.
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: 0, origin: 'https://evil.example' }));
      vi.advanceTimersByTime(400);
    });
    expect(document.cookie).toContain('livestream_1501=1');
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: 0, origin: 'https://chat.example.net' }));
      provider.logoutCallbacks[0]?.();
      vi.advanceTimersByTime(299);
    });
    expect(document.cookie).toContain('livestream_1501=1');
    await act(async () => vi.advanceTimersByTime(1));
    expect(document.cookie).not.toContain('livestream_1501=1');
    expect(screen.getByRole('heading', { name: 'Join the conversation' })).toBeTruthy();
  });

  it('?cadmin=true signs in with a password and no record', async () => {
    window.history.replaceState(null, '', '/livestream/member-town-hall?cadmin=true');
    const fetch = stubFetch(() => ({}));
    provider.status = 'pm.5';
    view();
    expect(await screen.findByRole('heading', { name: 'Moderator sign-in' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Email/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Display name/ }), { target: { value: 'Mod' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enter chat' }));
    expect(await screen.findByText('Please enter the admin password.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'moderator' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enter chat' }));
    await waitFor(() => expect(document.cookie).toContain('livestream_1501=1'));
    expect(provider.login).toHaveBeenCalledWith(expect.objectContaining({ password: 'moderator', username: expect.stringMatching(/^Mod-\d{4}$/) }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('toggles fullscreen, and only there the comments', async () => {
    view();
    fireEvent.click(screen.getByRole('button', { name: 'Fullscreen with comments' }));
    const hide = screen.getByRole('button', { name: 'Hide comments' });
    expect(screen.getByRole('complementary', { name: 'Comments' })).toBeTruthy();
    fireEvent.click(hide);
    expect(screen.queryByRole('complementary', { name: 'Comments' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show comments' }));
    expect(screen.getByRole('complementary', { name: 'Comments' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('button', { name: /^(Hide|Show) comments$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Fullscreen with comments' })).toBeTruthy();
  });
});
