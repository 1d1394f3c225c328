import type { CSSProperties } from 'react';
import type { ViralWidgetBlock } from '@/lib/bff/types';
import { SweepPromo } from '@/components/embed/lazy';
import shared from './blockStyles.module.css';
import styles from './ViralWidget.module.css';

/**
 * viral_widget: a Viral Sweep campaign's widget inline and, behind a button, its lightbox
 * (components/embed). `pagePath` is the page the block is on.
 */
export function ViralWidget({ block, pagePath }: { block: ViralWidgetBlock; pagePath: string }) {
  const style = { paddingTop: `${block.paddingTop}px`, paddingBottom: `${block.paddingBottom}px` } as CSSProperties;
  return (
    <section className={shared.section} data-block="viral_widget">
      <div className={`container ${styles.inner}`} style={style}>
        {block.headline && <h2 className={shared.headline}>{block.headline}</h2>}
        <SweepPromo
          kind="viral-widget"
          id={block.id}
          pagePath={pagePath}
          title={block.headline || 'Sweepstakes'}
          hasWidget
          hasLightbox={Boolean(block.lightboxHtml)}
          lightboxLabel={block.lightboxLabel || 'More details'}
        />
      </div>
    </section>
  );
}
