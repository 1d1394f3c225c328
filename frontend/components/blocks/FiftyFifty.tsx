import type { FiftyFiftyBlock } from '@/lib/bff/types';
import { ButtonLink } from '@/components/common/ButtonLink';
import { RichText } from '@/components/common/RichText';
import shared from './blockStyles.module.css';
import styles from './FiftyFifty.module.css';

/** Text beside an image; `imageLayout` puts the image left or right, phones stack it on top. */
export function FiftyFifty({ block }: { block: FiftyFiftyBlock }) {
  const { image } = block;
  return (
    <section className={shared.section} data-block="fifty_fifty" data-image-side={block.imageLayout}>
      <div className={`container ${styles.grid}`} data-has-image={image ? true : undefined}>
        {image && (
          <div className={styles.media}>
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              src={image.url}
              alt={image.alt}
              width={image.width}
              height={image.height}
              loading="lazy"
              decoding="async"
            />
          </div>
        )}
        <div className={styles.body}>
          {block.eyebrow && <p className={shared.eyebrow}>{block.eyebrow}</p>}
          <h2 className={shared.headline}>{block.headline}</h2>
          <RichText html={block.html} className={styles.text} />
          {block.link && (
            <div className={styles.actions}>
              <ButtonLink link={block.link} variant="secondary" />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
