import type { PendingBlock as PendingBlockContent } from '@/lib/bff/types';
import shared from './blockStyles.module.css';
import styles from './PendingBlock.module.css';

/** Holds the place of a block the BFF does not shape yet, quietly, until its component exists. */
export function PendingBlock({ block }: { block: PendingBlockContent }) {
  return (
    <section className={shared.section} data-block="pending" data-bundle={block.bundle}>
      <div className="container">
        <div className={styles.placeholder}>
          {block.headline && <p className={styles.headline}>{block.headline}</p>}
          <p className={styles.bundle}>{block.bundle.replace(/_/g, ' ')}</p>
        </div>
      </div>
    </section>
  );
}
