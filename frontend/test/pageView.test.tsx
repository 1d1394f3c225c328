import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageViewTracker, trackedPath } from '@/components/shell/PageViewTracker';
import { UTM_STORAGE_KEY, keepUtm, storedUtm, utmFrom } from '@/components/shell/utm';
import { nav } from './navigationMock';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('utm keeping', () => {
  it('reads the four utm parameters and ignores others and empty ones', () => {
    const params = new URLSearchParams('utm_source=news&utm_medium=&utm_term=x&utm_campaign=spring&q=1');
    expect(utmFrom(params)).toEqual({ utm_source: 'news', utm_campaign: 'spring' });
  });

  it('keeps what one address carried for later addresses without any', () => {
    const storage = memoryStorage();
    expect(keepUtm(storage, new URLSearchParams('utm_source=test&utm_medium=email'))).toEqual({
      utm_source: 'test',
      utm_medium: 'email',
    });
    expect(keepUtm(storage, new URLSearchParams(''))).toEqual({ utm_source: 'test', utm_medium: 'email' });
  });

  it('lets a newer value replace an older one and adds new ones', () => {
    const storage = memoryStorage();
    keepUtm(storage, new URLSearchParams('utm_source=a&utm_medium=email'));
    expect(keepUtm(storage, new URLSearchParams('utm_source=b&utm_content=hero'))).toEqual({
      utm_source: 'b',
      utm_medium: 'email',
      utm_content: 'hero',
    });
  });

  it('treats unreadable storage as nothing kept', () => {
    expect(storedUtm(memoryStorage({ [UTM_STORAGE_KEY]: '{not json' }))).toEqual({});
    expect(storedUtm(memoryStorage({ [UTM_STORAGE_KEY]: '{"utm_source":3,"other":"x"}' }))).toEqual({});
    expect(storedUtm(undefined)).toEqual({});
    const throwing = {
      getItem: () => '{}',
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(keepUtm(throwing, new URLSearchParams('utm_source=x'))).toEqual({ utm_source: 'x' });
  });
});

describe('trackedPath', () => {
  it('drops the shell parameters and keeps the rest', () => {
    expect(trackedPath('/search', new URLSearchParams('q=dental&modal=login&message=Hi'))).toBe('/search?q=dental');
    expect(trackedPath('/', new URLSearchParams('modal=login'))).toBe('/');
  });

  it("never records a reset link's one-time code or API key", () => {
    expect(trackedPath('/reset', new URLSearchParams('apiKey=k3y&lang=en&mode=resetPassword&oobCode=c0de'))).toBe(
      '/reset?lang=en&mode=resetPassword',
    );
  });
});

describe('PageViewTracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    nav.reset();
    window.sessionStorage.clear();
    delete window.dataLayer;
    document.title = 'Home | Union Benefits';
  });
  afterEach(() => vi.useRealTimers());

  it('pushes a page view on load and on each route change, with the session utm kept', () => {
    nav.go('/?utm_source=test&utm_campaign=spring');
    const view = render(<PageViewTracker />);
    act(() => void vi.runAllTimers());
    expect(window.dataLayer).toEqual([
      {
        event: 'page_view',
        path: '/?utm_source=test&utm_campaign=spring',
        title: 'Home | Union Benefits',
        utm_campaign: 'spring',
        utm_content: undefined,
        utm_medium: undefined,
        utm_source: 'test',
      },
    ]);

    nav.go('/?utm_source=test&utm_campaign=spring&modal=login'); // a modal is not a page
    view.rerender(<PageViewTracker />);
    act(() => void vi.runAllTimers());
    expect(window.dataLayer).toHaveLength(1);

    nav.go('/benefits');
    document.title = 'Benefits | Union Benefits';
    view.rerender(<PageViewTracker />);
    act(() => void vi.runAllTimers());
    expect(window.dataLayer?.[1]).toMatchObject({
      event: 'page_view',
      path: '/benefits',
      title: 'Benefits | Union Benefits',
      utm_source: 'test',
      utm_campaign: 'spring',
    });
  });

  it('carries the priority id of search (7) and of the account area (942), and none elsewhere', () => {
    nav.go('/search?q=grants');
    document.title = 'Search | Union Benefits';
    const view = render(<PageViewTracker />);
    act(() => void vi.runAllTimers());
    nav.go('/account/u1/profile');
    document.title = 'Profile | Union Benefits';
    view.rerender(<PageViewTracker />);
    act(() => void vi.runAllTimers());
    nav.go('/searching-for-deals');
    document.title = 'Deals | Union Benefits';
    view.rerender(<PageViewTracker />);
    act(() => void vi.runAllTimers());
    const views = window.dataLayer as { path: string; priorityId?: number }[];
    expect(views.map((v) => [v.path, v.priorityId])).toEqual([
      ['/search?q=grants', 7],
      ['/account/u1/profile', 942],
      ['/searching-for-deals', undefined],
    ]);
  });
});
