import type { FiftyFiftyBlock } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { CmsButtonLink } from '@/components/links/CmsLink';
import { LinksSix } from './LinksSix';
import { blockMedia } from './blockMedia';
import shared from './blockStyles.module.css';
import styles from './FiftyFifty.module.css';

/**
 * Text beside an image; `imageLayout` puts the image left or right, phones stack it on top. With
 * a youTubeId the image is the poster of a video that plays in an overlay.
 */
export function FiftyFifty({ block }: { block: FiftyFiftyBlock }) {
  const media = blockMedia(block);
  return (
    <section className={shared.section} data-block="fifty_fifty" data-image-side={block.imageLayout}>
      <div className={`container ${styles.grid}`} data-has-image={media ? true : undefined}>
        {media && <div className={styles.media}>{media}</div>}
        <div className={styles.body}>
          {block.eyebrow && <p className={shared.eyebrow}>{block.eyebrow}</p>}
          <h2 className={shared.headline}>{block.headline}</h2>
          <RichText html={block.html} className={styles.text} />
          {(block.link || block.linkSecondary) && (
            <div className={styles.actions}>
              {block.link && <CmsButtonLink link={block.link} variant="secondary" />}
              {block.linkSecondary && <CmsButtonLink link={block.linkSecondary} variant="secondary" />}
            </div>
          )}
          <LinksSix links={block.linksSix} />
        </div>
      </div>
    </section>
  );
}
