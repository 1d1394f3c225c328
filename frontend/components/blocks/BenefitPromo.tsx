import type { BenefitPromoBlock } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { BlockImage } from './BlockImage';
import { BlockActions } from './SectionHeader';
import shared from './blockStyles.module.css';
import styles from './Promo.module.css';

/** Promotes one benefit page: its title, a subtitle, a picture and a link to the benefit. */
export function BenefitPromo({ block }: { block: BenefitPromoBlock }) {
  return (
    <section className={shared.section} data-block="benefit_promo" data-image-side={block.imageLayout}>
      <div className="container">
        <div className={`${styles.split} ${styles.panel}`} data-ratio="50-50" data-has-image={block.image ? '' : undefined}>
          {block.image && (
            <div className={styles.media}>
              <BlockImage image={block.image} />
            </div>
          )}
          <div className={styles.body}>
            {block.eyebrow && <p className={shared.eyebrow}>{block.eyebrow}</p>}
            <h2 className={shared.headline}>{block.headline}</h2>
            {block.subtitle && <p className={styles.subtitle}>{block.subtitle}</p>}
            {block.html && <RichText html={block.html} className={styles.text} />}
            <BlockActions link={block.link} />
          </div>
        </div>
      </div>
    </section>
  );
}
