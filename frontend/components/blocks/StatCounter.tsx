import type { StatCounterBlock } from '@/lib/bff/types';
import { CmsLink } from '@/components/links/CmsLink';
import { CountUp } from './CountUp';
import shared from './blockStyles.module.css';
import styles from './StatCounter.module.css';

/**
 * One headline number. The server renders the final value so it reads right without JavaScript;
 * in the browser it counts up when scrolled into view.
 */
export function StatCounter({ block }: { block: StatCounterBlock }) {
  return (
    <div className={styles.stat} data-block="stat_counter">
      <p className={styles.number}>
        <CountUp value={block.stat} />
      </p>
      <p className={styles.description}>{block.description}</p>
      {block.link && <CmsLink link={block.link} className={styles.link} />}
    </div>
  );
}

/** Stat counters that follow each other in the CMS read as one band of figures. */
export function StatCounterRow({ blocks }: { blocks: StatCounterBlock[] }) {
  return (
    <section className={shared.section}>
      <div className="container">
        <div className={styles.row}>
          {blocks.map((block) => (
            <StatCounter key={block.id} block={block} />
          ))}
        </div>
      </div>
    </section>
  );
}
