'use client';

import { useId, useRef, useState } from 'react';
import { storeMessage } from '@/lib/store';
import buttons from '@/components/common/ButtonLink.module.css';
import { ProductImage } from '@/components/common/ProductImage';
import { Modal } from '@/components/modals/Modal';
import { QuantityStepper } from './QuantityStepper';
import { clampQuantity, DEFAULT_QUANTITY, MAX_QUANTITY, MIN_QUANTITY, typedQuantity } from './quantity';
import type { ShownProduct } from './shownStore';
import styles from './Store.module.css';

export interface ProductModalProps {
  product: ShownProduct;
  onClose: () => void;
  /**
   * Adds the quantity chosen to the cart; answers whether the BFF took it. The modal is closed by
   * whoever opened it once that is true (the store then opens the cart).
   */
  onAdd?: (quantity: number) => Promise<boolean>;
}

/**
 * The product detail modal (spec 3 §2): image (hidden when broken), label, title, description,
 * 'State Eligibility' as a comma-joined list, 'Out of Stock' when there is none, the quantity
 * (from 0, 1 at first) and 'Add to Cart', allowed only above 0 and while in stock. An add runs one
 * at a time (spec 3 §4): clicks while it runs are dropped. A refusal leaves the modal open, the
 * reason said by the cart's status message.
 */
export function ProductModal({ product, onClose, onAdd }: ProductModalProps) {
  const [quantity, setQuantity] = useState(DEFAULT_QUANTITY);
  const [text, setText] = useState(String(DEFAULT_QUANTITY));
  const [adding, setAdding] = useState(false);
  // State alone would let a second click through before the re-render.
  const addRunning = useRef(false);
  const id = useId();
  const canAdd = Boolean(onAdd) && quantity > MIN_QUANTITY && product.stock > 0;

  async function add() {
    if (!onAdd || !canAdd || addRunning.current) return;
    addRunning.current = true;
    setAdding(true);
    try {
      await onAdd(quantity);
    } finally {
      addRunning.current = false;
      setAdding(false);
    }
  }

  function set(n: number) {
    const q = clampQuantity(n);
    setQuantity(q);
    setText(String(q));
  }

  return (
    <Modal title={product.title} onClose={onClose} name="product">
      <div className={styles.product}>
        <ProductImage className={styles.productImage} src={product.image} width={480} height={360} />
        <p className={styles.label}>{product.label}</p>
        {product.description && <p className={styles.description}>{product.description}</p>}
        {product.stock <= 0 && (
          <p className={styles.outOfStock} data-testid="out-of-stock">
            {storeMessage('outOfStock')}
          </p>
        )}
        <div className={styles.quantity}>
          <label htmlFor={id} className={styles.quantityLabel}>
            {storeMessage('productQuantity')}
          </label>
          <QuantityStepper
            id={id}
            text={text}
            quantity={quantity}
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            onStep={(step) => set(quantity + step)}
            onType={(typed) => {
              setText(typed);
              setQuantity((q) => typedQuantity(typed, q));
            }}
            onBlur={() => setText(String(quantity))}
          />
        </div>
        <button
          type="button"
          className={`${buttons.button} ${buttons.primary} ${styles.addToCart}`}
          onClick={() => void add()}
          disabled={!canAdd}
          aria-busy={adding || undefined}
          data-testid="add-to-cart"
        >
          {adding ? storeMessage('addingToCart') : storeMessage('addToCart')}
        </button>
        {/* Up to 51 names: after the quantity and the button, which then stay in view. */}
        <div className={styles.eligibility}>
          <h3 className={styles.eligibilityTitle}>{storeMessage('stateEligibility')}</h3>
          <p data-testid="state-eligibility">{product.eligibleStates}</p>
        </div>
      </div>
    </Modal>
  );
}
