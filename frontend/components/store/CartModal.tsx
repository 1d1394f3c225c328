'use client';

import NextLink from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useId, useState, type KeyboardEvent } from 'react';
import type { Cart, CartItem } from '@/lib/bff/types';
import { DESTINATION_PARAM } from '@/lib/returnTo';
import { STORE_HREF, storeMessage } from '@/lib/store';
import { withParams } from '@/lib/url';
import { useSitePathname } from '@/lib/useSitePathname';
import buttons from '@/components/common/ButtonLink.module.css';
import { Icon } from '@/components/icons/Icon';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { ProductImage } from '@/components/common/ProductImage';
import { Modal } from '@/components/modals/Modal';
import { MODAL_PARAM, MODAL_VALUES } from '@/components/modals/modalParam';
import { useSession } from '@/components/session/SessionProvider';
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, typedLineQuantity } from './cart';
import { QuantityStepper } from './QuantityStepper';
import type { CartWriter } from './useCart';
import styles from './Cart.module.css';

export const CHECKOUT_HREF = '/store/checkout';
export { STORE_HREF };

export interface CartModalProps {
  /** Undefined while the cart is first read. */
  cart: Cart | undefined;
  writer: CartWriter;
  onClose: () => void;
  /** Opened by an add: titled 'Added to Your Cart'; otherwise (the cart button, the header) 'Your Cart'. */
  added?: boolean;
}

/**
 * Where the cart's Continue leads: a member to checkout; a visitor to the login modal over this
 * page (the cart stays open under it), checkout being where a sign-in then takes them. Sending a
 * visitor to checkout itself would land them on the home page's login instead, the store gone.
 */
function useContinueHref(): { href: string; signIn: boolean } {
  const { member } = useSession();
  const pathname = useSitePathname();
  const searchParams = useSearchParams();
  if (member) return { href: CHECKOUT_HREF, signIn: false };
  const href = withParams(pathname, searchParams, { [MODAL_PARAM]: MODAL_VALUES.login, [DESTINATION_PARAM]: CHECKOUT_HREF });
  return { href, signIn: true };
}

/**
 * The cart modal (spec 3 §2 'Cart modal'): 'Added to Your Cart' after an add, 'Your Cart' when the
 * member just opens it; each line's image (hidden when broken), eyebrow, title and quantity
 * control, and Remove; 'Your cart is empty.' when it is. Continue (to checkout, through the login
 * modal for a visitor) and 'Add More Materials' (back to the store) show only when there are lines.
 */
export function CartModal({ cart, writer, onClose, added = false }: CartModalProps) {
  const items = cart?.items ?? [];
  const next = useContinueHref();
  const footer =
    items.length > 0 ? (
      <div className={styles.actions}>
        <NextLink
          href={next.href}
          replace={next.signIn}
          scroll={!next.signIn}
          className={`${buttons.button} ${buttons.primary}`}
          data-testid="cart-continue"
        >
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
    <Modal title={storeMessage(added ? 'cartTitle' : 'cartTitleView')} onClose={onClose} name="cart" footer={footer}>
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
      <Icon name="cart" size={22} />
      <span>{storeMessage('openCart')}</span>{' '}
      <span className={styles.count} data-testid="cart-count">
        {shown.toLocaleString('en-US')}
      </span>
    </button>
  );
}
