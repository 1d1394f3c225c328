import type { ExternalForm } from '@/lib/bff/types';
import styles from './Grants.module.css';

/**
 * A form that lives only with the external survey service (spec 2 §2), in a frame: its own height
 * at desktop widths, at most 800 px wide, the full width of a phone without a sideways scroll.
 */
export function ExternalFormFrame({ external, title }: { external: ExternalForm; title: string }) {
  return (
    <div className={styles.frameWrap} style={{ maxWidth: external.width }}>
      <iframe
        className={styles.frame}
        src={external.url}
        title={title}
        height={external.height}
        style={{ height: external.height }}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
