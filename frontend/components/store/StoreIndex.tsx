'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import type { Cart } from '@/lib/bff/types';
import { CART_OPEN, CART_PARAM, storeMessage } from '@/lib/store';
import { currentHash, withParams } from '@/lib/url';
import { useSitePathname } from '@/lib/useSitePathname';
import buttons from '@/components/common/ButtonLink.module.css';
import cards from '@/components/favorites/ProductCards.module.css';
import { EMPTY_CART } from './cart';
import { CartButton, CartModal } from './CartModal';
import { ProductGrid } from './ProductCard';
import { ProductModal } from './ProductModal';
import { StateModal } from './StateModal';
import type { ShownProduct, ShownStore } from './shownStore';
import { unionShortName } from './states';
import { useCart, useCartWriter } from './useCart';
import styles from './Store.module.css';

export interface StoreIndexProps {
  /** The store's document as shownStore cuts it. */
  store: ShownStore;
  /** A product to open at once (?product=, the favorites' links), when the index lists it. */
  initialProduct?: string;
  /** The reader's cart as the server read it; absent when it could not (then it is read here). */
  initialCart?: Cart;
}

/**
 * The store index's interactive part (spec 3 §2 'Store index'): the shipping state (a prompt and
 * the state modal, open at once, while none is stored; the state and a way to change it after),
 * the cart button with its count, the featured products when there are some, the others or
 * 'Products Not Found' with the phone, the product modal of the card chosen, and the cart modal,
 * which a successful add opens in the product modal's place ('Added to Your Cart'), and the cart
 * button or the header's cart link (`?cart=open`, from any page) open as 'Your Cart'.
 */
export function StoreIndex({ store, initialProduct, initialCart }: StoreIndexProps) {
  const all = [...store.featured, ...store.products];
  const [stateOpen, setStateOpen] = useState(!store.state);
  const [product, setProduct] = useState<ShownProduct | undefined>(() => all.find((p) => p.id === initialProduct));
  // How the cart was opened here; the address opens it too, until it is closed.
  const [cartOpened, setCartOpened] = useState<'added' | 'view' | null>(null);
  const searchParams = useSearchParams();
  const pathname = useSitePathname();
  const router = useRouter();
  const cartAsked = searchParams.get(CART_PARAM) === CART_OPEN;
  const cartShown = cartOpened ?? (cartAsked ? 'view' : null);
  const cart = useCart(initialCart);
  const writer = useCartWriter();
  const union = unionShortName(store.union);

  async function add(chosen: ShownProduct, quantity: number): Promise<boolean> {
    const { id, title, label, image, stock } = chosen;
    const ok = await writer.add({ id, title, label, image, stock }, quantity);
    if (ok) {
      setProduct(undefined);
      setCartOpened('added');
    }
    return ok;
  }

  function closeCart() {
    setCartOpened(null);
    // Closed, the address no longer asks for it: a reload or Back does not open it again.
    if (cartAsked) router.replace(withParams(pathname, searchParams, { [CART_PARAM]: null }, currentHash()), { scroll: false });
  }

  return (
    <div className={`container ${styles.index}`}>
      <div className={styles.stateBar} data-testid="shipping-state">
        {store.state ? (
          <p>{storeMessage('shippingTo', { state: store.state.title })}</p>
        ) : (
          <p>{storeMessage('statePrompt')}</p>
        )}
        <div className={styles.stateActions}>
          <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={() => setStateOpen(true)} aria-haspopup="dialog">
            {store.state ? storeMessage('changeState') : storeMessage('chooseState')}
          </button>
          <CartButton count={cart.data?.count ?? (cart.isError ? 0 : undefined)} onOpen={() => setCartOpened('view')} />
        </div>
      </div>

      {store.featured.length > 0 && (
        <ProductGrid
          title={union ? storeMessage('featuredTitle', { union }) : storeMessage('featuredTitleNoUnion')}
          products={store.featured}
          onOpen={setProduct}
          testId="featured-products"
        />
      )}

      {store.products.length > 0 ? (
        <ProductGrid title={storeMessage('productsTitle')} products={store.products} onOpen={setProduct} testId="products" />
      ) : (
        <section className={cards.section} aria-label={storeMessage('productsTitle')} data-testid="products">
          <h2 className={cards.sectionTitle}>{storeMessage('productsTitle')}</h2>
          <div className={styles.notFound}>
            <p className={styles.notFoundTitle}>{storeMessage('productsNotFound')}</p>
            <p>{storeMessage('productsNotFoundAdvice', { phone: store.phone })}</p>
          </div>
        </section>
      )}

      {stateOpen && (
        <StateModal states={store.states} current={store.state} phone={store.phone}
          leadersEmail={store.leadersEmail}
          onClose={() => setStateOpen(false)} />
      )}
      {product && !stateOpen && (
        <ProductModal
          key={product.id}
          product={product}
          onClose={() => setProduct(undefined)}
          onAdd={(quantity) => add(product, quantity)}
        />
      )}
      {cartShown && !stateOpen && (
        <CartModal
          cart={cart.data ?? (cart.isError ? EMPTY_CART : undefined)}
          writer={writer}
          onClose={closeCart}
          added={cartShown === 'added'}
        />
      )}
    </div>
  );
}
