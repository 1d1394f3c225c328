'use client';

import { useEffect, useRef } from 'react';
import type { FavoriteItem } from '@/lib/bff/types';
import { EmptyState } from '@/components/common/EmptyState';
import { useSession } from '@/components/session/SessionProvider';
import { BenefitCards } from './BenefitCards';
import { FavoriteProducts } from './FavoriteProducts';

/**
 * The favorites page's cards, as the server found them, less those the member has since taken
 * out: the session holds the live ids, so a card goes as its heart is clicked (and comes back if
 * the removal fails). Its heart took the focus with it, so the focus moves to the grid rather
 * than to the top of the page. Benefits are benefit cards; store materials are the store's
 * product cards, which open the product in the store.
 */
export function FavoritesGrid({ items }: { items: FavoriteItem[] }) {
  const { member } = useSession();
  const ids = member?.favorites;
  const shown = ids ? items.filter((item) => ids.includes(item.id)) : items;

  const region = useRef<HTMLDivElement>(null);
  const count = useRef(shown.length);
  useEffect(() => {
    const fewer = shown.length < count.current;
    count.current = shown.length;
    if (fewer && (document.activeElement === document.body || document.activeElement === null)) {
      region.current?.focus();
    }
  }, [shown.length]);

  return (
    <div ref={region} tabIndex={-1} aria-label="Your favorites" role="region">
      {shown.length > 0 ? (
        <>
          <BenefitCards title="Your Favorites" cards={shown.filter((item) => item.kind !== 'product')} />
          <FavoriteProducts items={shown.filter((item) => item.kind === 'product')} />
        </>
      ) : (
        <div className="container">
          <EmptyState>You have no favorites yet. Tap the heart on a benefit to keep it here.</EmptyState>
        </div>
      )}
    </div>
  );
}
