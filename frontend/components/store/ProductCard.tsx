'use client';

import type { ShownProduct } from './shownStore';
import { storeMessage } from '@/lib/store';
import { ProductImage } from '@/components/common/ProductImage';
import { FavoriteButton } from '@/components/favorites/FavoriteButton';
import cards from '@/components/favorites/ProductCards.module.css';
import styles from './Store.module.css';

/**
 * A product of the store index: its image (hidden when broken), label, title and, for members,
 * the favorite heart. The title is the button that opens the product's modal; it stretches over
 * the card, so the whole card opens it while the heart keeps its own clicks.
 */
export function ProductCard({ product, onOpen }: { product: ShownProduct; onOpen: (product: ShownProduct) => void }) {
  return (
    <li className={cards.card} data-testid="product-card" data-product-id={product.id}>
      <ProductImage className={cards.cardImage} src={product.image} width={400} height={300} placeholderKind={product.label} />
      <div className={`${cards.cardBody} ${styles.cardBody}`}>
        <p className={styles.label}>{product.label}</p>
        <h3 className={`${cards.cardTitle} ${styles.cardTitle}`}>
          <button type="button" className={cards.open} onClick={() => onOpen(product)} aria-haspopup="dialog">
            {product.title}
          </button>
        </h3>
        {product.stock <= 0 && <p className={styles.outOfStock}>{storeMessage('outOfStock')}</p>}
      </div>
      <FavoriteButton id={product.favoriteId} className={cards.favorite} />
    </li>
  );
}

/** A titled grid of product cards. */
export function ProductGrid({
  title,
  products,
  onOpen,
  testId,
}: {
  title: string;
  products: ShownProduct[];
  onOpen: (product: ShownProduct) => void;
  testId: string;
}) {
  return (
    <section className={cards.section} aria-label={title} data-testid={testId}>
      <h2 className={cards.sectionTitle}>{title}</h2>
      <ul className={`${cards.grid} ${styles.productGrid}`}>
        {products.map((p) => (
          <ProductCard key={p.id} product={p} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}
