import type { WidePromoBlock } from '@/lib/bff/types';
import { ButtonLink } from '@/components/common/ButtonLink';
import { RichText } from '@/components/common/RichText';
import shared from './blockStyles.module.css';
import styles from './WidePromo.module.css';

/** A full-width navy call-out that breaks the page's rhythm to push one action. */
export function WidePromo({ block }: { block: WidePromoBlock }) {
  const { image } = block;
  return (
    <section className={shared.section} data-block="wide_promo">
      <div className="container">
        <div className={styles.card} data-has-image={image ? true : undefined}>
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
            <h2 className={styles.headline}>{block.headline}</h2>
            {block.html && <RichText html={block.html} className={styles.text} />}
            {block.link && (
              <div className={styles.actions}>
                <ButtonLink link={block.link} />
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
