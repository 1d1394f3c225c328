import type { StorePromo } from '@/lib/bff/types';
import { ArrowLink } from '@/components/common/SmartLink';
import styles from './Store.module.css';

/** The store's own address: a promo link to it would lead to the page being read. */
const STORE_PATH = '/store';

/**
 * The editors' store promos (union_structure_global's store_promo_one to four), under the
 * products: an eyebrow, a headline, a line and a link each, side by side on a wide screen.
 */
export function StorePromos({ promos }: { promos: StorePromo[] }) {
  if (promos.length === 0) return null;
  return (
    <section className={`container ${styles.promos}`} aria-label="Store promotions" data-testid="store-promos">
      <ul className={styles.promoList}>
        {promos.map((promo) => (
          <li key={promo.headline} className={styles.promo}>
            {promo.eyebrow && <p className={styles.promoEyebrow}>{promo.eyebrow}</p>}
            <h2 className={styles.promoHeadline}>{promo.headline}</h2>
            {promo.description && <p>{promo.description}</p>}
            {promo.link && promo.link.url !== STORE_PATH && <ArrowLink link={promo.link} className={styles.promoLink} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
