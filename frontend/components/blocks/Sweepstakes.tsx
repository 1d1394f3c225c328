import type { CSSProperties } from 'react';
import type { SweepstakesBlock } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { blockMedia } from './blockMedia';
import { BlockActions } from './SectionHeader';
import shared from './blockStyles.module.css';
import styles from './Promo.module.css';

/** A sweepstakes deal: the prize (image or video) beside the entry details and fine print. */
export function Sweepstakes({ block }: { block: SweepstakesBlock }) {
  const media = blockMedia(block);
  // The BFF only lets a hex colour through, so it is safe in a style attribute.
  const style = block.backgroundColor ? ({ '--panel-bg': block.backgroundColor } as CSSProperties) : undefined;
  return (
    <section className={shared.section} data-block="sweepstakes" data-image-side={block.imageLayout}>
      <div className="container">
        <div className={`${styles.split} ${styles.panel}`} data-ratio="50-50" data-has-image={media ? '' : undefined} style={style}>
          {media && <div className={styles.media}>{media}</div>}
          <div className={styles.body}>
            {(block.eyebrow || block.eyebrowTwo) && (
              <p className={shared.eyebrow}>
                {block.eyebrow}
                {block.eyebrow && block.eyebrowTwo && <span aria-hidden="true"> · </span>}
                {block.eyebrowTwo}
              </p>
            )}
            <h2 className={shared.headline}>{block.headline}</h2>
            {block.html && <RichText html={block.html} className={styles.text} />}
            <BlockActions link={block.link} />
            {block.detailsHtml && <RichText html={block.detailsHtml} className={styles.finePrint} />}
            {block.attribution && <p className={styles.attribution}>{block.attribution}</p>}
          </div>
        </div>
      </div>
    </section>
  );
}
