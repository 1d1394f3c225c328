import type { TextBlock as TextBlockContent } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { CmsButtonLink } from '@/components/links/CmsLink';
import { EmbeddedForm } from './lazy';
import shared from './blockStyles.module.css';
import styles from './TextBlock.module.css';

/** A headline over rich text, with its link under it: a call to action, or an embedded form. */
export function TextBlock({ block }: { block: TextBlockContent }) {
  const { link } = block;
  return (
    <section className={shared.section} data-block="text_block">
      <div className={`container ${styles.inner}`}>
        {block.headline && <h2 className={shared.headline}>{block.headline}</h2>}
        <RichText html={block.html} className={styles.body} />
        {link &&
          (link.type === 'wufoo' ? (
            <EmbeddedForm link={link} />
          ) : (
            <div className={styles.cta}>
              <CmsButtonLink link={link} />
            </div>
          ))}
      </div>
    </section>
  );
}
