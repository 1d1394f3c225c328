'use client';

import NextLink from 'next/link';
import type { FavoriteItem } from '@/lib/bff/types';
import { storeMessage } from '@/lib/store';
import { ProductImage } from '@/components/common/ProductImage';
import { FavoriteButton } from './FavoriteButton';
import styles from './ProductCards.module.css';

/**
 * The store materials among a member's favorites (spec 3 §2 'Favorites'), as the store's product
 * cards: the image (hidden when broken, spec 3 §8), the title, which opens the product in the
 * store, its description and the heart. Nothing at all when there are none.
 */
export function FavoriteProducts({ items }: { items: FavoriteItem[] }) {
  if (items.length === 0) return null;
  const title = storeMessage('storeTitle');
  return (
    <section className={`container ${styles.section}`} aria-label={title} data-testid="favorite-products">
      <h2 className={styles.sectionTitle}>{title}</h2>
      <ul className={styles.grid}>
        {items.map((item) => (
          <li key={item.id} className={styles.card} data-testid="product-card" data-favorite-id={item.id}>
            <ProductImage className={styles.cardImage} src={item.image?.url} width={400} height={300} />
            <div className={styles.cardBody}>
              <h3 className={styles.cardTitle}>
                <NextLink href={item.url} className={styles.open}>
                  {item.title}
                </NextLink>
              </h3>
              {item.teaser && <p className={styles.teaser}>{item.teaser}</p>}
            </div>
            <FavoriteButton id={item.id} className={styles.favorite} />
          </li>
        ))}
      </ul>
    </section>
  );
}
