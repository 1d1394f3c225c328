import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryMessage } from '@/components/status/QueryMessage';
import {
  StatusMessageRegion,
  StatusMessagesProvider,
  useStatusMessages,
  type StatusMessagesApi,
} from '@/components/status/StatusMessages';
import { nav } from './navigationMock';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

let api: StatusMessagesApi;
function Grab() {
  const messages = useStatusMessages();
  useEffect(() => {
    api = messages;
  });
  return null;
}

function renderShell(children: React.ReactNode = null) {
  return render(
    <StatusMessagesProvider>
      <Grab />
      <StatusMessageRegion />
      {children}
    </StatusMessagesProvider>,
  );
}

/** The codes' words, which QueryMessage loads when the address has one. */
const wordsLoaded = () => act(() => vi.dynamicImportSettled());

const region = () => screen.getByTestId('status-messages');
const shown = () => [...region().querySelectorAll('[data-state]')].map((el) => [el.querySelector('p')?.textContent, el.getAttribute('data-state')]);

describe('status messages', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    nav.reset();
  });
  afterEach(() => vi.useRealTimers());

  it('shows a message 200 ms after it is pushed, closes it after 8 s and removes it 800 ms later', () => {
    renderShell();
    expect(region().getAttribute('aria-live')).toBe('polite');
    act(() => void api.push({ message: 'Profile saved' }));
    act(() => void vi.advanceTimersByTime(199));
    expect(shown()).toEqual([]);
    // The region says a message is on its way, for whoever waits to see the page settled.
    expect(region().getAttribute('data-waiting')).toBe('1');
    act(() => void vi.advanceTimersByTime(1));
    expect(shown()).toEqual([['Success: Profile saved', 'open']]);
    expect(region().hasAttribute('data-waiting')).toBe(false);
    act(() => void vi.advanceTimersByTime(7999));
    expect(shown()).toEqual([['Success: Profile saved', 'open']]);
    act(() => void vi.advanceTimersByTime(1));
    expect(shown()).toEqual([['Success: Profile saved', 'closing']]);
    act(() => void vi.advanceTimersByTime(799));
    expect(shown()).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('marks errors as errors', () => {
    renderShell();
    act(() => void api.push({ message: 'Something went wrong', type: 'error' }));
    act(() => void vi.advanceTimersByTime(200));
    const message = region().querySelector('[data-state]');
    expect(message?.getAttribute('data-type')).toBe('error');
    expect(message?.querySelector('p')?.textContent).toBe('Error: Something went wrong');
  });

  it('keeps an error open while the pointer is over it or the focus in it, and closes it 8 s after', () => {
    renderShell();
    act(() => void api.push({ message: 'Something went wrong', type: 'error' }));
    act(() => void vi.advanceTimersByTime(200));
    const message = region().querySelector('[data-state]')!;
    act(() => void vi.advanceTimersByTime(5000));
    fireEvent.mouseEnter(message);
    fireEvent.focus(screen.getByRole('button', { name: 'Close message' }));
    act(() => void vi.advanceTimersByTime(20_000));
    expect(shown()).toEqual([['Error: Something went wrong', 'open']]);
    fireEvent.mouseLeave(message);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(shown()).toEqual([['Error: Something went wrong', 'open']]); // still focused
    fireEvent.blur(screen.getByRole('button', { name: 'Close message' }));
    act(() => void vi.advanceTimersByTime(7999));
    expect(shown()).toEqual([['Error: Something went wrong', 'open']]);
    act(() => void vi.advanceTimersByTime(1));
    expect(shown()).toEqual([['Error: Something went wrong', 'closing']]);
  });

  it('closes a message from its close button, removing it after the fade', () => {
    renderShell();
    act(() => void api.push({ message: 'Saved' }));
    act(() => void vi.advanceTimersByTime(200));
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(shown()).toEqual([['Success: Saved', 'closing']]);
    act(() => void vi.advanceTimersByTime(800));
    expect(shown()).toEqual([]);
  });

  it('closes the first open message on a route change, not on a query change', () => {
    const view = renderShell();
    act(() => {
      api.push({ message: 'One' });
      api.push({ message: 'Two' });
    });
    act(() => void vi.advanceTimersByTime(200));
    nav.go('/?modal=login');
    view.rerender(
      <StatusMessagesProvider>
        <Grab />
        <StatusMessageRegion />
      </StatusMessagesProvider>,
    );
    expect(shown().map(([, state]) => state)).toEqual(['open', 'open']);
    nav.go('/benefits');
    view.rerender(
      <StatusMessagesProvider>
        <Grab />
        <StatusMessageRegion />
      </StatusMessagesProvider>,
    );
    expect(shown()).toEqual([
      ['Success: One', 'closing'],
      ['Success: Two', 'open'],
    ]);
  });

  it('shows the message of a ?message= code once and takes it out of the address', async () => {
    nav.go('/account?tab=1&message=profileUpdated');
    renderShell(<QueryMessage />);
    expect(nav.replace).toHaveBeenCalledTimes(1);
    expect(nav.replace).toHaveBeenCalledWith('/account?tab=1', { scroll: false });
    await wordsLoaded();
    act(() => void vi.advanceTimersByTime(200));
    expect(shown()).toEqual([['Success: Your profile has been updated.', 'open']]);
  });

  it("takes a code's type from the code, whatever messageType says", async () => {
    nav.go('/?message=resetLinkInvalid&messageType=success');
    renderShell(<QueryMessage />);
    await wordsLoaded();
    act(() => void vi.advanceTimersByTime(200));
    expect(shown()).toEqual([['Error: This password reset link is invalid or has expired. Please request a new one.', 'open']]);
  });

  it.each(['Welcome back', 'constructor', '__proto__', 'toString', ''])(
    'shows nothing for %j, which is no code, and still cleans the address',
    async (text) => {
      nav.go(`/account?tab=1&message=${encodeURIComponent(text)}&messageType=error`);
      renderShell(<QueryMessage />);
      expect(nav.replace).toHaveBeenCalledWith('/account?tab=1', { scroll: false });
      await wordsLoaded();
      act(() => void vi.advanceTimersByTime(200));
      expect(shown()).toEqual([]);
    },
  );

  it('refuses to work outside its provider', () => {
    expect(() => render(<Grab />)).toThrow(/StatusMessagesProvider/);
  });
});
