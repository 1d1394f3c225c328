'use client';

import NextLink from 'next/link';
import { Icon } from '@/components/icons/Icon';
import { cartQuery } from '@/lib/bff/queries';
import type { Cart } from '@/lib/bff/types';
import { useLiveQuery } from '@/lib/query/live';
import { CART_HREF } from '@/lib/storeLinks';
import styles from './HeaderCart.module.css';

interface HeaderCartLinkProps {
  initial?: Cart;
  /** The contract's words (contracts/store.json), given by the server: the browser needs no more of the store's contract. */
  words: { openCart: string; cartCount: string };
}

/** HeaderCart's link, following the one cart query, so an add on the store shows at once. */
export function HeaderCartLink({ initial, words }: HeaderCartLinkProps) {
  const data = useLiveQuery<Cart | undefined>(cartQuery(initial), initial);
  const count = data?.count ?? 0;
  if (count <= 0) return null;
  const total = count.toLocaleString('en-US');
  return (
    <NextLink
      href={CART_HREF}
      className={styles.cart}
      aria-label={`${words.openCart} ${words.cartCount.replace('{count}', total)}`}
      data-testid="header-cart"
    >
      <Icon name="cart" size={22} />
      {/* The whole figure, as the name says it: shown words must be part of the name. */}
      <span className={styles.count} aria-hidden="true">
        {total}
      </span>
    </NextLink>
  );
}
