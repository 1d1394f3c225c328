'use client';

import NextLink from 'next/link';
import { useId, useState, type KeyboardEvent } from 'react';
import type { Cart, CartItem } from '@/lib/bff/types';
import { storeMessage } from '@/lib/store';
import buttons from '@/components/common/ButtonLink.module.css';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { ProductImage } from '@/components/common/ProductImage';
import { Modal } from '@/components/modals/Modal';
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, typedLineQuantity } from './cart';
import { QuantityStepper } from './QuantityStepper';
import type { CartWriter } from './useCart';
import styles from './Cart.module.css';

export const CHECKOUT_HREF = '/store/checkout';
export const STORE_HREF = '/store';

export interface CartModalProps {
  /** Undefined while the cart is first read. */
  cart: Cart | undefined;
  writer: CartWriter;
  onClose: () => void;
}

/**
 * The cart modal, 'Added to Your Cart' (spec 3 §2 'Cart modal'): each line's image (hidden when
 * broken), eyebrow, title and quantity control, and Remove; 'Your cart is empty.' when it is.
 * Continue (to checkout) and 'Add More Materials' (back to the store) show only when there are
 * lines.
 */
export function CartModal({ cart, writer, onClose }: CartModalProps) {
  const items = cart?.items ?? [];
  const footer =
    items.length > 0 ? (
      <div className={styles.actions}>
        <NextLink href={CHECKOUT_HREF} className={`${buttons.button} ${buttons.primary}`} data-testid="cart-continue">
          {storeMessage('cartContinue')}
          <span className={buttons.arrow} aria-hidden="true">
            →
          </span>
        </NextLink>
        <NextLink href={STORE_HREF} className={`${buttons.button} ${buttons.secondary}`} onClick={onClose} scroll={false}>
          {storeMessage('addMoreMaterials')}
        </NextLink>
      </div>
    ) : undefined;

  return (
    <Modal title={storeMessage('cartTitle')} onClose={onClose} name="cart" footer={footer}>
      {!cart ? (
        <LoadingIndicator label={storeMessage('cartLoading')} />
      ) : items.length === 0 ? (
        <p className={styles.empty} data-testid="cart-empty">
          {storeMessage('cartEmpty')}
        </p>
      ) : (
        <ul className={styles.lines} data-testid="cart-lines">
          {items.map((item) => (
            <CartLine key={item.id} item={item} writer={writer} />
          ))}
        </ul>
      )}
    </Modal>
  );
}

/**
 * One line and its quantity control: minus and plus one step each (1 to 100000), and a typed
 * value that is sent only when committed (leaving the field, or Enter), never per keystroke.
 * A typed value above 100000 is refused here with the BFF's words and the line keeps its quantity.
 */
function CartLine({ item, writer }: { item: CartItem; writer: CartWriter }) {
  // What is being typed; null shows the line's quantity, which follows the cart.
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const inputId = `${id}-quantity`;

  function commit() {
    if (draft === null) return;
    setDraft(null);
    const typed = typedLineQuantity(draft, item.quantity);
    if (typed.kind === 'tooMany') writer.tooMany();
    else if (typed.kind === 'set') void (typed.quantity < MIN_LINE_QUANTITY ? writer.remove(item) : writer.set(item, typed.quantity));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  }

  return (
    <li className={styles.line} data-testid="cart-line" data-product-id={item.id}>
      <ProductImage className={styles.image} src={item.image} width={72} height={72} />
      <div className={styles.text}>
        <p className={styles.label}>{item.label}</p>
        <p id={titleId} className={styles.title}>
          {item.title}
        </p>
      </div>
      <div className={styles.controls}>
        <label htmlFor={inputId} className="visually-hidden">
          {storeMessage('productQuantity')}
        </label>
        <QuantityStepper
          id={inputId}
          text={draft ?? String(item.quantity)}
          quantity={item.quantity}
          min={MIN_LINE_QUANTITY}
          max={MAX_LINE_QUANTITY}
          onStep={(step) => void writer.step(item, step)}
          onType={setDraft}
          onBlur={commit}
          onKeyDown={onKeyDown}
          describedBy={titleId}
        />
        <button type="button" className={styles.remove} onClick={() => void writer.remove(item)} aria-describedby={titleId}>
          {storeMessage('cartRemove')}
        </button>
      </div>
    </li>
  );
}

/**
 * The store's cart button: 'Cart' and how many items it holds, named 'Cart {count} items in your
 * cart' so its name says what the count counts and still starts with the words it shows. The
 * count is the server's on the first paint, so nothing moves.
 */
export function CartButton({ count, onOpen }: { count: number | undefined; onOpen: () => void }) {
  const shown = count ?? 0;
  return (
    <button
      type="button"
      className={`${buttons.button} ${buttons.primary} ${styles.cartButton}`}
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-label={`${storeMessage('openCart')} ${storeMessage('cartCount', { count: shown.toLocaleString('en-US') })}`}
      data-testid="cart-button"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M3 4h2.2l2.3 10.2a1.5 1.5 0 0 0 1.5 1.2h8.3a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
      </svg>
      <span>{storeMessage('openCart')}</span>{' '}
      <span className={styles.count} data-testid="cart-count">
        {shown.toLocaleString('en-US')}
      </span>
    </button>
  );
}
