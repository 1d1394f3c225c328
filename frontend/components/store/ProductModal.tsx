'use client';

import { useId, useState } from 'react';
import type { StoreProduct } from '@/lib/bff/types';
import { storeMessage } from '@/lib/store';
import { Modal } from '@/components/modals/Modal';
import { ProductImage } from './ProductImage';
import { clampQuantity, DEFAULT_QUANTITY, MAX_QUANTITY, MIN_QUANTITY, typedQuantity } from './quantity';
import { eligibleStates } from './states';
import styles from './Store.module.css';

/**
 * The product detail modal (spec 3 §2): image (hidden when broken), label, title, description,
 * 'State Eligibility' as a comma-joined list, 'Out of Stock' when there is none, and the quantity
 * (from 0, 1 at first). Adding to the cart comes with the cart.
 */
export function ProductModal({ product, onClose }: { product: StoreProduct; onClose: () => void }) {
  const [quantity, setQuantity] = useState(DEFAULT_QUANTITY);
  const [text, setText] = useState(String(DEFAULT_QUANTITY));
  const id = useId();

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
        <div className={styles.eligibility}>
          <h3 className={styles.eligibilityTitle}>{storeMessage('stateEligibility')}</h3>
          <p data-testid="state-eligibility">{eligibleStates(product.states)}</p>
        </div>
        <div className={styles.quantity}>
          <label htmlFor={id} className={styles.quantityLabel}>
            {storeMessage('productQuantity')}
          </label>
          <div className={styles.stepper}>
            <button
              type="button"
              className={styles.step}
              onClick={() => set(quantity - 1)}
              disabled={quantity <= MIN_QUANTITY}
              aria-label={storeMessage('decreaseQuantity')}
              aria-controls={id}
            >
              −
            </button>
            <input
              id={id}
              className={styles.quantityInput}
              type="number"
              inputMode="numeric"
              min={MIN_QUANTITY}
              max={MAX_QUANTITY}
              step={1}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setQuantity((q) => typedQuantity(event.target.value, q));
              }}
              onBlur={() => setText(String(quantity))}
            />
            <button
              type="button"
              className={styles.step}
              onClick={() => set(quantity + 1)}
              disabled={quantity >= MAX_QUANTITY}
              aria-label={storeMessage('increaseQuantity')}
              aria-controls={id}
            >
              +
            </button>
          </div>
        </div>
      </div>
    </Modal>
  );
}
