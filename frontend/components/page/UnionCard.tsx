import { useId } from 'react';
import type { CreditCardOffer } from '@/lib/bff/types';
import { ButtonLink } from '@/components/common/ButtonLink';
import { CmsImage } from '@/components/common/CmsImage';
import styles from './UnionCard.module.css';

/**
 * The reader's own union's edition of the union credit card, on the benefit the editors chose for
 * it (spec 3 §3 credit_card_benefit; the union's creditCardImage and creditCardLink): the card as
 * it will look in their wallet, and where to apply for that edition.
 */
export function UnionCard({ offer }: { offer: CreditCardOffer }) {
  const titleId = useId();
  const union = offer.union.shortName || offer.union.name;
  return (
    <section className={styles.band} aria-labelledby={titleId} data-union-card={offer.union.id}>
      <div className={`container ${styles.inner}`}>
        <CmsImage image={offer.image} className={styles.card} fallbackSize={[428, 270]} loading="lazy" />
        <div className={styles.words}>
          <p className={styles.eyebrow}>Your union&rsquo;s card</p>
          <h2 id={titleId} className={styles.title}>
            The {union} edition
          </h2>
          <p>The same card and the same hardship protections, carrying the name of {offer.union.name}.</p>
          <ButtonLink link={offer.link} />
        </div>
      </div>
    </section>
  );
}
