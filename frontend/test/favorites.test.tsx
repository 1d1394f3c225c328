import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '@/lib/accounts';
import { SESSION_KEY } from '@/lib/bff/queries';
import type { Favorites, Session } from '@/lib/bff/types';
import { FavoriteButton } from '@/components/favorites/FavoriteButton';
import { FavoritesGrid } from '@/components/favorites/FavoritesGrid';
import { BenefitCards } from '@/components/favorites/BenefitCards';
import { problem, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN, VISITOR } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// Favorites (spec 1 §3, spec 3 §2): the heart on benefit cards and the favorites page.

const ID = 'benefit:101';
const heart = () => screen.getByRole('button', { name: /favorites$/ });
const withFavorites = (favorites: string[]): Session => ({ ...SIGNED_IN, user: { ...SIGNED_IN.user!, favorites } });
const answer = (ids: string[]): Favorites => ({ ids, items: [] });

/**
 * A fetch that answers only when the test says so, to look at the optimistic state. The call
 * starts a moment after the click (TanStack runs the mutation's function asynchronously), so
 * `settle` first waits for it.
 */
function deferredFetch() {
  let settle: (a: { status?: number; body?: unknown }) => void = () => undefined;
  const fetch = stubFetch(() => new Promise((resolve) => (settle = resolve)));
  const called = () => waitFor(() => expect(fetch).toHaveBeenCalled());
  return {
    fetch,
    called,
    settle: async (a: { status?: number; body?: unknown }) => {
      await called();
      await act(async () => settle(a));
    },
  };
}

describe('FavoriteButton', () => {
  beforeEach(() => nav.reset());
  afterEach(() => vi.unstubAllGlobals());

  it('is not there for a visitor', () => {
    renderWithSession(<FavoriteButton id={ID} />, VISITOR);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells whether the benefit is a favorite', () => {
    renderWithSession(<FavoriteButton id={ID} />, withFavorites([ID]));
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(heart().getAttribute('aria-label')).toBe('Remove from favorites');
  });

  it('shows the change at once and keeps it when the BFF agrees', async () => {
    const { fetch, called, settle } = deferredFetch();
    const { client } = renderWithSession(<FavoriteButton id={ID} />, withFavorites([]));
    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(heart().getAttribute('aria-label')).toBe('Remove from favorites');
    await called();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/favorites/benefit%3A101');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('PUT');

    await settle({ body: answer([ID]) });
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(client.getQueryData<Session>(SESSION_KEY)?.user?.favorites).toEqual([ID]);
  });

  it('rolls back and says so when the change fails', async () => {
    const { settle } = deferredFetch();
    renderWithSession(<FavoriteButton id={ID} />, withFavorites([ID]));
    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('false');

    await settle(problem(503, 'Service Unavailable'));
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(screen.getByTestId('status-messages').textContent).toContain(message('favoritesError')));
  });

  it('ignores a second click while the first change runs', async () => {
    const { fetch, called } = deferredFetch();
    renderWithSession(<FavoriteButton id={ID} />, withFavorites([]));
    fireEvent.click(heart());
    fireEvent.click(heart());
    await called();
    await act(async () => undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(heart().getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the heart on benefit cards', () => {
  const cards = [
    { id: ID, title: 'Scholarships', url: '/benefits/scholarships' },
    { title: 'No id', url: '/benefits/no-id' },
  ];

  it('shows on cards with a favorite id, for members', () => {
    renderWithSession(<BenefitCards title="Benefits" cards={cards} />, SIGNED_IN);
    expect(screen.getAllByRole('button', { name: 'Add to favorites' })).toHaveLength(1);
  });

  it('does not show for visitors', () => {
    renderWithSession(<BenefitCards title="Benefits" cards={cards} />, VISITOR);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('FavoritesGrid', () => {
  afterEach(() => vi.unstubAllGlobals());
  const items: Favorites['items'] = [
    { id: ID, kind: 'benefit', title: 'Scholarships', url: '/benefits/scholarships' },
    { id: 'product:9', kind: 'product', title: 'Union-made poster', url: '/store?product=9' },
  ];

  it('shows the favorites as cards', () => {
    renderWithSession(<FavoritesGrid items={items} />, withFavorites([ID, 'product:9']));
    expect(screen.getByRole('link', { name: 'Scholarships' }).getAttribute('href')).toBe('/benefits/scholarships');
    expect(screen.getByRole('link', { name: 'Union-made poster' })).toBeTruthy();
  });

  it('shows store materials as product cards with their hearts, hiding a broken image', () => {
    const product = { id: 'product:9', kind: 'product' as const, title: 'Union-made poster', url: '/store?product=9', teaser: 'A poster.', image: { url: 'https://orders.test/9.svg', alt: '' } };
    renderWithSession(<FavoritesGrid items={[items[0]!, product]} />, withFavorites([ID, 'product:9']));
    const products = screen.getByTestId('favorite-products');
    expect(products.querySelector('h2')?.textContent).toBe('Free Materials');
    expect(products.querySelectorAll('[data-testid="product-card"]')).toHaveLength(1);
    expect(products.querySelector('a')?.getAttribute('href')).toBe('/store?product=9');
    expect(products.querySelector('[data-favorite-id="product:9"] button')?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.error(products.querySelector('img')!);
    expect(products.querySelector('img')).toBeNull();
    // The benefit stays a benefit card.
    expect(screen.getByRole('heading', { name: 'Your Favorites' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scholarships' })).toBeTruthy();
  });

  it('takes a card away once its removal is saved, and says so when none are left', async () => {
    stubFetch(() => ({ body: answer([]) }));
    renderWithSession(<FavoritesGrid items={items.slice(0, 1)} />, withFavorites([ID]));
    fireEvent.click(heart());
    await screen.findByText(/You have no favorites yet/);
    expect(screen.queryByRole('link', { name: 'Scholarships' })).toBeNull();
  });
});
