import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MemberHomeData } from '@/lib/memberHome';
import { MemberHome } from '@/components/home/MemberHome';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The member's band on the home page (issue 36): greeting and union, then cases, the latest order
// and favorites, each with its empty state and its could-not-load state.

const EMPTY: MemberHomeData = { uid: 'u-123', firstName: 'Pat', union: 'Communications Workers of America', cases: [], orders: { latest: null, total: 0 }, favorites: [] };

const part = (name: string) => screen.getByRole('region', { name });
const linkIn = (name: string) => within(part(name)).getByRole('link');

describe('MemberHome', () => {
  it('greets the member by first name, with their union', () => {
    render(<MemberHome home={EMPTY} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back, Pat' })).toBeTruthy();
    expect(screen.getByText('Communications Workers of America')).toBeTruthy();
  });

  it('says what to do when there is nothing yet', () => {
    render(<MemberHome home={EMPTY} />);
    expect(within(part('Your applications')).getByText('You have not submitted any application forms yet.')).toBeTruthy();
    expect(linkIn('Your applications').getAttribute('href')).toBe('/hardship-help');
    expect(linkIn('Your applications').textContent).toContain('Apply for hardship help');

    expect(within(part('Your latest order')).getByText(/You have not placed any orders yet/)).toBeTruthy();
    expect(linkIn('Your latest order').getAttribute('href')).toBe('/store');

    expect(within(part('Your favorites')).getByText(/You have no favorites yet/)).toBeTruthy();
    expect(linkIn('Your favorites').getAttribute('href')).toBe('/account/u-123');
  });

  it('says which part could not be loaded, and shows the others', () => {
    render(<MemberHome home={{ ...EMPTY, orders: null, favorites: null }} />);
    expect(within(part('Your latest order')).getByText('Your orders could not be loaded right now. Please try again later.')).toBeTruthy();
    expect(linkIn('Your latest order').getAttribute('href')).toBe('/account/u-123/orders');
    expect(within(part('Your favorites')).getByText(/Your favorites could not be loaded/)).toBeTruthy();
    expect(within(part('Your applications')).getByText('You have not submitted any application forms yet.')).toBeTruthy();
  });

  it('lists the newest cases with where each stands, linked to it on My Forms', () => {
    const cases = [
      { id: 'c3', formId: 'f', title: 'Hospital Grant', status: 'queued', statusLine: 'Sending', submitted: '2026-11-20T10:00:00Z' },
      { id: 'c2', formId: 'f', title: 'Disaster Relief Grant', status: 'submitted', nsId: 'NS-77', submitted: '2026-10-02T10:00:00Z' },
      { id: 'c1', formId: 'f', title: 'Strike Grant', status: 'x', statusLine: 'Unknown', submitted: '2026-09-01T10:00:00Z' },
      { id: 'c0', formId: 'f', title: 'Old Grant', status: 'x', statusLine: 'Unknown', submitted: '2025-09-01T10:00:00Z' },
    ];
    render(<MemberHome home={{ ...EMPTY, cases }} />);
    const region = part('Your applications');
    const items = within(region).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Hospital GrantSubmitted November 20, 2026Status: Sending',
      'Disaster Relief GrantSubmitted October 02, 2026Confirmation number NS-77',
      'Strike GrantSubmitted September 01, 2026Status: Unknown',
    ]);
    expect(within(items[0]).getByRole('link', { name: 'Hospital Grant' }).getAttribute('href')).toBe('/account/u-123/forms#case-c3');
    expect(within(region).getByRole('link', { name: /See all 4 in My Forms/ }).getAttribute('href')).toBe('/account/u-123/forms');
  });

  it('shows the latest order and a few favorites, each with the way to all of them', () => {
    const latest = { orderNumber: 'SO-104871', created: '2026-11-02T15:04:05Z', items: [{}, {}] } as never;
    const favorites = ['A', 'B', 'C', 'D', 'E'].map((t) => ({ id: `benefit:${t}`, kind: 'benefit' as const, title: `Benefit ${t}`, url: `/b-${t}` }));
    render(<MemberHome home={{ ...EMPTY, orders: { latest, total: 3 }, favorites }} />);
    const order = part('Your latest order');
    expect(order.textContent).toContain('Order #SO-104871');
    expect(order.textContent).toContain('Placed November 02, 2026 · 2 items');
    expect(within(order).getByRole('link', { name: /View order history/ }).getAttribute('href')).toBe('/account/u-123/orders');
    const favs = part('Your favorites');
    expect(within(favs).getAllByRole('listitem')).toHaveLength(4);
    expect(within(favs).getByRole('link', { name: 'Benefit A' }).getAttribute('href')).toBe('/b-A');
    expect(within(favs).getByRole('link', { name: /See all 5 favorites/ }).getAttribute('href')).toBe('/account/favorites');
  });
});
