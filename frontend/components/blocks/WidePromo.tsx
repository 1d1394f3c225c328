import type { WidePromoBlock } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { BlockImage } from './BlockImage';
import { CmsButtonLink } from '@/components/links/CmsLink';
import { highlightWords } from './layout';
import shared from './blockStyles.module.css';
import styles from './WidePromo.module.css';

/**
 * A full-width navy call-out that breaks the page's rhythm to push one action. Variants: with an
 * image (left or right of the text; stacked above it up to 1000 px, 1275 wide, and 412 wide on
 * phones) or text only, left or centred.
 * specialWords are highlighted in the headline.
 */
export function WidePromo({ block }: { block: WidePromoBlock }) {
  const { image } = block;
  return (
    <section
      className={shared.section}
      data-block="wide_promo"
      data-image-side={block.imageLayout ?? 'right'}
      data-text-layout={block.textLayout ?? 'left'}
    >
      <div className="container">
        <div className={styles.card} data-has-image={image ? true : undefined}>
          {image && (
            <div className={styles.media}>
              <picture>
                {block.imageMobile && (
                  <source media="(max-width: 500px)" srcSet={block.imageMobile.url} width={block.imageMobile.width} height={block.imageMobile.height} />
                )}
                {/* Where the image stacks above the text (up to the 1000 px breakpoint), the whole picture 1275 wide. */}
                {block.imageTablet && (
                  <source media="(max-width: 1000px)" srcSet={block.imageTablet.url} width={block.imageTablet.width} height={block.imageTablet.height} />
                )}
                <BlockImage image={image} />
              </picture>
            </div>
          )}
          <div className={styles.body}>
            <h2 className={styles.headline}>
              {highlightWords(block.headline, block.specialWords).map((seg, i) =>
                seg.highlight ? (
                  <mark key={i} className={styles.special}>
                    {seg.text}
                  </mark>
                ) : (
                  seg.text
                ),
              )}
            </h2>
            {block.html && <RichText html={block.html} className={styles.text} />}
            {block.link && (
              <div className={styles.actions}>
                <CmsButtonLink link={block.link} />
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
