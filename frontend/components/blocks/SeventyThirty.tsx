import type { SeventyThirtyBlock } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { BlockImage } from './BlockImage';
import { LinksSix } from './LinksSix';
import { BlockActions } from './SectionHeader';
import shared from './blockStyles.module.css';
import styles from './Promo.module.css';

/** A wide text column beside a narrow square image; phones stack the image on top. */
export function SeventyThirty({ block }: { block: SeventyThirtyBlock }) {
  return (
    <section className={shared.section} data-block="seventy_thirty" data-image-side={block.imageLayout}>
      <div className={`container ${styles.split}`} data-ratio="70-30" data-has-image={block.image ? '' : undefined}>
        {block.image && (
          <div className={styles.media}>
            <BlockImage image={block.image} className={styles.square} />
          </div>
        )}
        <div className={styles.body}>
          {block.eyebrow && <p className={shared.eyebrow}>{block.eyebrow}</p>}
          <h2 className={shared.headline}>{block.headline}</h2>
          <RichText html={block.html} className={styles.text} />
          <BlockActions link={block.link} secondary={block.linkSecondary} />
          <LinksSix links={block.linksSix} />
        </div>
      </div>
    </section>
  );
}
