'use client';

import { useQuery } from '@tanstack/react-query';
import NextLink from 'next/link';
import { CartIcon } from '@/components/common/CartIcon';
import { cartQuery } from '@/lib/bff/browser';
import type { Cart } from '@/lib/bff/types';
import { CART_HREF, storeMessage } from '@/lib/store';
import styles from './HeaderCart.module.css';

/**
 * The header's way to the cart from any page, shown while the cart holds something: the store
 * with its cart open. It follows the one cart query, so an add on the store shows at once; `initial`
 * is the cart the server read for this page (none read: the browser reads it).
 */
export function HeaderCart({ initial }: { initial?: Cart }) {
  const { data } = useQuery(cartQuery(initial));
  const count = data?.count ?? 0;
  if (count <= 0) return null;
  const total = count.toLocaleString('en-US');
  return (
    <NextLink
      href={CART_HREF}
      className={styles.cart}
      aria-label={`${storeMessage('openCart')} ${storeMessage('cartCount', { count: total })}`}
      data-testid="header-cart"
    >
      <CartIcon />
      {/* The whole figure, as the name says it: shown words must be part of the name. */}
      <span className={styles.count} aria-hidden="true">
        {total}
      </span>
    </NextLink>
  );
}
