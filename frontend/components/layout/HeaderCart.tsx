import type { Cart } from '@/lib/bff/types';
import { storeMessage } from '@/lib/store';
import { HeaderCartLink } from './HeaderCartLink';

/**
 * The header's way to the cart from any page, shown while the cart holds something: the store
 * with its cart open. `initial` is the cart the server read for this page (none read: the browser
 * reads it). Drawn on the server, which words the link: the store's contract stays out of every
 * page's JavaScript.
 */
export function HeaderCart({ initial }: { initial?: Cart }) {
  return <HeaderCartLink initial={initial} words={{ openCart: storeMessage('openCart'), cartCount: storeMessage('cartCount') }} />;
}
