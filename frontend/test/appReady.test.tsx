import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CmsLink } from '@/components/links/CmsLink';
import { AppReadyProvider, NAVIGATION_TIMEOUT_MS, useAppReady } from '@/components/providers/AppReady';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { nav } from './navigationMock';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// components/providers/AppReady: the app-wide ready flag of spec 1 §2, and the sign-in links that
// wait for it (spec 3 §4).

function Flag() {
  return <p data-testid="ready">{useAppReady() ? 'ready' : 'busy'}</p>;
}

let finish: () => void = () => undefined;
function Task() {
  const task = useBffMutation({ mutationFn: () => new Promise<void>((resolve) => (finish = resolve)) });
  return (
    <button type="button" onClick={() => void task.run()}>
      run
    </button>
  );
}

function wrap(ui: ReactNode) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <AppReadyProvider>{ui}</AppReadyProvider>
    </QueryClientProvider>,
  );
}

const flag = () => screen.getByTestId('ready').textContent;

beforeEach(() => nav.reset());
afterEach(() => vi.useRealTimers());

describe('the app-wide ready flag', () => {
  it('is ready once hydrated, and says so on <html>', () => {
    wrap(<Flag />);
    expect(flag()).toBe('ready');
    expect(document.documentElement.dataset.appReady).toBe('true');
  });

  it('is not ready while a task runs', async () => {
    wrap(
      <>
        <Flag />
        <Task />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'run' }));
    await screen.findByText('busy');
    expect(document.documentElement.dataset.appReady).toBe('false');
    await act(async () => finish());
    await screen.findByText('ready');
  });

  it('is not ready from a click on a link to another path until that path renders; a query change is no route change', () => {
    nav.go('/benefits');
    window.history.replaceState(null, '', '/benefits');
    const client = new QueryClient();
    const page = () => (
      <QueryClientProvider client={client}>
        <AppReadyProvider>
          <Flag />
          <a href="/benefits?modal=login">modal</a>
          <a href="/about-us">about</a>
          <a href="https://elsewhere.example/">away</a>
        </AppReadyProvider>
      </QueryClientProvider>
    );
    const view = render(page());
    // The router is Next's in the app; here no click may leave the page.
    const noNavigation = (event: Event) => event.preventDefault();
    document.addEventListener('click', noNavigation);
    try {
      fireEvent.click(screen.getByText('modal'));
      expect(flag()).toBe('ready');
      fireEvent.click(screen.getByText('away'));
      expect(flag()).toBe('ready');
      fireEvent.click(screen.getByText('about'));
      expect(flag()).toBe('busy');
      // The new path renders.
      nav.go('/about-us');
      view.rerender(page());
      expect(flag()).toBe('ready');
    } finally {
      document.removeEventListener('click', noNavigation);
    }
  });

  it('comes back by itself when a navigation never happens', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/benefits');
    nav.go('/benefits');
    wrap(
      <>
        <Flag />
        <a href="/about-us" onClick={(e) => e.preventDefault()}>
          about
        </a>
      </>,
    );
    fireEvent.click(screen.getByText('about'));
    expect(flag()).toBe('busy');
    act(() => void vi.advanceTimersByTime(NAVIGATION_TIMEOUT_MS));
    expect(flag()).toBe('ready');
  });
});

describe('a link that needs sign-in', () => {
  const link = { url: 'https://partner.example.org/x?[HARTFORD_PARAMS]', title: 'Offer', signInRequired: true };

  it('is disabled while the app is not ready, and a click then does nothing', async () => {
    window.history.replaceState(null, '', '/benefits');
    wrap(
      <>
        <Task />
        <CmsLink link={link} />
      </>,
    );
    const anchor = screen.getByRole('link', { name: 'Offer' });
    expect(anchor.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'run' }));
    await vi.waitFor(() => expect(anchor.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click(anchor);
    expect(window.location.search).toBe('');
    await act(async () => finish());
    await vi.waitFor(() => expect(anchor.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(anchor);
    expect(new URLSearchParams(window.location.search).get('modal')).toBe('signup');
  });
});
