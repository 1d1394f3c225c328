import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryScope } from '@/lib/query/QueryScope';
import { SearchScreen } from '@/components/search/SearchScreen';
import type { SearchDocument, SearchType } from '@/lib/bff/types';
import { nav } from './navigationMock';
import { stubFetch } from './fetchStub';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The search screen's 'Browse by' (spec 2, search): the results follow a choice at once, also when
// Next's router does not follow pushState yet (a press made or replayed while the page hydrates).
// The navigation stand-in never follows pushState, which is that moment.

function page(q: string, type: SearchType): SearchDocument {
  const kind = type === 'blogpost' ? 'post' : 'benefit';
  return {
    query: q,
    type,
    page: 0,
    pageSize: 20,
    totalResults: 1,
    results: [{ type: kind, typeLabel: kind, id: `${type}-1`, title: `A ${type} result`, url: `/${type}-1` }],
  };
}

function renderScreen(initial: SearchDocument) {
  render(
    <QueryScope>
      <SearchScreen initial={initial} />
    </QueryScope>,
  );
}

beforeEach(() => {
  nav.reset();
  nav.go('/search?q=budget');
  window.history.replaceState(null, '', '/search?q=budget');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchScreen', () => {
  it("shows the chosen type's results and puts it in the address, before the router follows", async () => {
    const fetch = stubFetch((url) => {
      const type = (new URL(url, 'http://site.invalid').searchParams.get('type') ?? 'all') as SearchType;
      return { body: page('budget', type) };
    });
    renderScreen(page('budget', 'all'));
    expect(screen.getByText('A all result')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Advice' }));

    expect(window.location.search).toBe('?q=budget&type=blogpost');
    expect(screen.getByRole('button', { name: 'Advice' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('A blogpost result')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('type=blogpost'))).toBe(true);
  });

  it('keeps a term typed and not searched yet through a Browse by choice', () => {
    stubFetch(() => ({ body: page('budget', 'benefits') }));
    renderScreen(page('budget', 'all'));
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'budget plan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Benefits + Discounts' }));
    expect((box as HTMLInputElement).value).toBe('budget plan');
  });
});
