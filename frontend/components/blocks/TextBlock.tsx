import type { TextBlock as TextBlockContent } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import shared from './blockStyles.module.css';
import styles from './TextBlock.module.css';

export function TextBlock({ block }: { block: TextBlockContent }) {
  return (
    <section className={shared.section} data-block="text_block">
      <div className={`container ${styles.inner}`}>
        {block.headline && <h2 className={shared.headline}>{block.headline}</h2>}
        <RichText html={block.html} className={styles.body} />
      </div>
    </section>
  );
}
