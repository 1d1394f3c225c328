import type { BenefitCard } from '@/lib/bff/types';
import { SmartLink } from '@/components/common/SmartLink';
import { CmsImage } from '@/components/common/CmsImage';
import { FavoriteButton } from './FavoriteButton';
import styles from './BenefitCards.module.css';

/**
 * A titled grid of benefit cards; nothing at all when the group is empty. With favorites, as each
 * card carries its heart and the favorites page shows these cards too.
 */
export function BenefitCards({ title, cards }: { title: string; cards: BenefitCard[] }) {
  if (cards.length === 0) return null;
  return (
    <section className={styles.group}>
      <div className="container">
        <h2 className={styles.title}>{title}</h2>
        <ul className={styles.grid}>
          {cards.map((card) => (
            <li key={card.url} className={styles.card}>
              {card.image && (
                <CmsImage image={card.image} className={styles.image} alt="" loading="lazy" decoding="async" />
              )}
              <div className={styles.body}>
                <h3 className={styles.cardTitle}>
                  <SmartLink link={{ url: card.url, title: card.title }} className={styles.link} />
                </h3>
                {card.teaser && <p className={styles.teaser}>{card.teaser}</p>}
              </div>
              {/* Members only; a card without a favorite id cannot be one. */}
              {card.id && <FavoriteButton id={card.id} className={styles.favorite} />}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
