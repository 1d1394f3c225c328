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
        <BenefitGrid cards={cards} />
      </div>
    </section>
  );
}

interface BenefitGridProps {
  cards: BenefitCard[];
  /** The cards' titles' level: h3 under a group's h2 (the default), h4 under an h3. */
  heading?: 'h3' | 'h4';
  /**
   * On a phone, each card a row with a small picture rather than a screen-high tile, for a list
   * long enough to scroll through (My Benefits).
   */
  compact?: boolean;
}

/** The grid of cards, without a group around it. */
export function BenefitGrid({ cards, heading, compact }: BenefitGridProps) {
  return (
    <ul className={compact ? `${styles.grid} ${styles.compact}` : styles.grid}>
      {cards.map((card) => (
        <BenefitCardItem key={card.url} card={card} heading={heading} />
      ))}
    </ul>
  );
}

/**
 * One benefit card: its image, its title linked over the whole card, its summary and its heart.
 */
function BenefitCardItem({ card, heading: Heading = 'h3' }: { card: BenefitCard; heading?: 'h3' | 'h4' }) {
  return (
    <li className={styles.card}>
      {card.image && <CmsImage image={card.image} className={styles.image} alt="" loading="lazy" decoding="async" />}
      <div className={styles.body}>
        <Heading className={styles.cardTitle}>
          <SmartLink link={{ url: card.url, title: card.title }} className={styles.link} />
        </Heading>
        {card.teaser && <p className={styles.teaser}>{card.teaser}</p>}
      </div>
      {/* Members only; a card without a favorite id cannot be one. */}
      {card.id && <FavoriteButton id={card.id} className={styles.favorite} />}
    </li>
  );
}
