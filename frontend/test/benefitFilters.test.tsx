import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BenefitCard, BenefitGroups } from '@/lib/bff/types';
import {
  benefitCategories,
  filterBenefits,
  filterFromParams,
  groupBenefits,
  isFiltered,
  listBenefits,
  noMatchMessage,
  NO_FILTER,
  paramsWithFilter,
  resultSummary,
} from '@/components/favorites/benefitFilters';
import { MyBenefits } from '@/components/favorites/MyBenefits';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// My Benefits' search and category filter (issue 36): the rules, then the list a member uses.

const card = (title: string, category: string | undefined, teaser = ''): BenefitCard => ({
  id: `benefit:${title.length}${title.charCodeAt(0)}`,
  title,
  url: `/${title.toLowerCase().replace(/\W+/g, '-')}`,
  teaser,
  category,
});

const BENEFITS: BenefitGroups = {
  other: [
    card('Wireless Discount', 'Wireless', '15% off monthly service with major carriers.'),
    card('Auto Buying', 'Home & Auto', 'Save on a new or used car.'),
    card('Mortgage Program', 'Home & Auto', 'Help buying a home and refinancing.'),
    card('Credit Card', 'Money & Credit', 'A card made for working families.'),
    card('Café Savings', undefined, 'Coffee for less.'),
  ],
  hardship: [card('Disability Grant', 'Hardship Help', 'For members unable to work.'), card('Strike Grant', undefined, 'Help during a strike.')],
};

const all = listBenefits(BENEFITS);
const titles = (cards: { title: string }[]) => cards.map((c) => c.title);

describe('benefit filters', () => {
  it('lists every card under its own category, or a fallback by kind', () => {
    expect(all.map((c) => [c.title, c.category])).toEqual([
      ['Wireless Discount', 'Wireless'],
      ['Auto Buying', 'Home & Auto'],
      ['Mortgage Program', 'Home & Auto'],
      ['Credit Card', 'Money & Credit'],
      ['Café Savings', 'Other benefits'],
      ['Disability Grant', 'Hardship Help'],
      ['Strike Grant', 'Hardship Help'],
    ]);
  });

  it('orders the categories by name, hardship help last, with their sizes', () => {
    expect(benefitCategories(all)).toEqual([
      { name: 'Home & Auto', count: 2 },
      { name: 'Money & Credit', count: 1 },
      { name: 'Other benefits', count: 1 },
      { name: 'Wireless', count: 1 },
      { name: 'Hardship Help', count: 2 },
    ]);
  });

  it('groups the cards in that order, each group by title', () => {
    const groups = groupBenefits([...all].reverse());
    expect(groups.map((g) => g.category)).toEqual(['Home & Auto', 'Money & Credit', 'Other benefits', 'Wireless', 'Hardship Help']);
    expect(titles(groups[0].cards)).toEqual(['Auto Buying', 'Mortgage Program']);
  });

  it('keeps one category', () => {
    expect(titles(filterBenefits(all, { query: '', category: 'Home & Auto' }))).toEqual(['Auto Buying', 'Mortgage Program']);
  });

  it('finds every word typed in the title or the summary, whatever the case or accents', () => {
    expect(titles(filterBenefits(all, { query: 'GRANT', category: null }))).toEqual(['Disability Grant', 'Strike Grant']);
    expect(titles(filterBenefits(all, { query: 'buying home', category: null }))).toEqual(['Mortgage Program']);
    expect(titles(filterBenefits(all, { query: 'cafe', category: null }))).toEqual(['Café Savings']);
    expect(titles(filterBenefits(all, { query: '  ', category: null }))).toHaveLength(all.length);
  });

  it('applies the search within the category chosen', () => {
    expect(titles(filterBenefits(all, { query: 'car', category: 'Home & Auto' }))).toEqual(['Auto Buying']);
    expect(filterBenefits(all, { query: 'grant', category: 'Wireless' })).toEqual([]);
  });

  it('says whether anything narrows the list, how many are shown, and why none are', () => {
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered({ query: ' ', category: null })).toBe(false);
    expect(isFiltered({ query: 'x', category: null })).toBe(true);
    expect(resultSummary(7, 7)).toBe('7 benefits');
    expect(resultSummary(1, 1)).toBe('1 benefit');
    expect(resultSummary(2, 7)).toBe('Showing 2 of 7 benefits');
    expect(noMatchMessage({ query: ' zzz ', category: null })).toBe('No benefits match “zzz”.');
    expect(noMatchMessage({ query: 'zzz', category: 'Wireless' })).toBe('No benefits in Wireless match “zzz”.');
  });
});

describe('the filter in the address', () => {
  const categories = benefitCategories(listBenefits(BENEFITS));
  const read = (search: string) => filterFromParams(new URLSearchParams(search), categories);
  const write = (search: string, filter: typeof NO_FILTER) => paramsWithFilter(new URLSearchParams(search), filter).toString();

  it('reads the words and a category the union has', () => {
    expect(read('q=car&category=Home+%26+Auto')).toEqual({ query: 'car', category: 'Home & Auto' });
    expect(read('')).toEqual(NO_FILTER);
    expect(read('category=Gardening')).toEqual(NO_FILTER);
    expect(read(`q=${'x'.repeat(500)}`).query).toHaveLength(100);
  });

  it('writes only what narrows the list, and keeps the other parameters', () => {
    expect(write('', { query: 'car', category: 'Home & Auto' })).toBe('q=car&category=Home+%26+Auto');
    expect(write('q=old&category=Wireless&modal=login', { query: '  ', category: null })).toBe('modal=login');
    expect(write('', NO_FILTER)).toBe('');
  });
});

describe('MyBenefits', () => {
  beforeEach(() => nav.reset());

  const render = () => renderWithSession(<MyBenefits benefits={BENEFITS} />, SIGNED_IN);
  const groupTitles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
  const status = () => screen.getByRole('status');

  it('shows every benefit grouped by category, and how many there are', () => {
    render();
    expect(groupTitles()).toEqual(['Home & Auto', 'Money & Credit', 'Other benefits', 'Wireless', 'Hardship Help']);
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(7);
    expect(status().textContent).toBe('7 benefits');
    expect((screen.getByRole('radio', { name: 'All (7)' }) as HTMLInputElement).checked).toBe(true);
  });

  it('narrows to a category, then the search narrows it further, and says so', () => {
    render();
    fireEvent.click(screen.getByRole('radio', { name: 'Home & Auto (2)' }));
    expect(groupTitles()).toEqual(['Home & Auto']);
    expect(status().textContent).toBe('Showing 2 of 7 benefits');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search my benefits' }), { target: { value: 'mortgage' } });
    const group = screen.getByRole('region', { name: 'Home & Auto' });
    expect(within(group).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Mortgage Program']);
    expect(status().textContent).toBe('Showing 1 of 7 benefits');
  });

  it('offers to clear the filters when nothing is left, and starts the search again', () => {
    render();
    fireEvent.click(screen.getByRole('radio', { name: 'Wireless (1)' }));
    const box = screen.getByRole('searchbox', { name: 'Search my benefits' });
    fireEvent.change(box, { target: { value: 'grant' } });
    expect(screen.getByText('No benefits in Wireless match “grant”.')).toBeTruthy();
    expect(status().textContent).toBe('Showing 0 of 7 benefits');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(status().textContent).toBe('7 benefits');
    expect((screen.getByRole('radio', { name: 'All (7)' }) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('keeps the filter in the address, replacing it, and shows it again from there', () => {
    vi.useFakeTimers();
    try {
      window.history.replaceState(null, '', '/account/u1');
      const before = window.history.length;
      const { unmount } = render();
      fireEvent.click(screen.getByRole('radio', { name: 'Home & Auto (2)' }));
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search my benefits' }), { target: { value: 'mortgage' } });
      expect(window.location.search).toBe(''); // not at every key
      vi.advanceTimersByTime(250);
      expect(window.location.search).toBe('?q=mortgage&category=Home+%26+Auto');
      expect(window.history.length).toBe(before);
      unmount();

      // Back to the page at that address: the list as the member left it.
      nav.go(`/account/u1${window.location.search}`);
      render();
      expect((screen.getByRole('searchbox', { name: 'Search my benefits' }) as HTMLInputElement).value).toBe('mortgage');
      expect((screen.getByRole('radio', { name: 'Home & Auto (2)' }) as HTMLInputElement).checked).toBe(true);
      expect(status().textContent).toBe('Showing 1 of 7 benefits');

      // All of them again: nothing of the filter is left in the address.
      fireEvent.click(screen.getByRole('radio', { name: 'All (7)' }));
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search my benefits' }), { target: { value: '' } });
      vi.advanceTimersByTime(250);
      expect(window.location.search).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
