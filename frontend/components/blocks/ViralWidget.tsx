'use client';

import { useRef, type CSSProperties } from 'react';
import type { ViralWidgetBlock } from '@/lib/bff/types';
import { WIDGET_SANDBOX, widgetFrameSrc } from './widgetFrame';
import shared from './blockStyles.module.css';
import styles from './ViralWidget.module.css';

/**
 * viral_widget: a Viral Sweep campaign's widget inline and, behind a button, its lightbox, each in
 * a sandboxed frame of its own (widgetFrame.ts says why). `pagePath` is the page the block is on.
 */
export function ViralWidget({ block, pagePath }: { block: ViralWidgetBlock; pagePath: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const style = { paddingTop: `${block.paddingTop}px`, paddingBottom: `${block.paddingBottom}px` } as CSSProperties;
  const title = block.headline || 'Sweepstakes';
  return (
    <section className={shared.section} data-block="viral_widget">
      <div className={`container ${styles.inner}`} style={style}>
        {block.headline && <h2 className={shared.headline}>{block.headline}</h2>}
        <iframe
          className={styles.widget}
          title={title}
          sandbox={WIDGET_SANDBOX}
          src={widgetFrameSrc(pagePath, block.id, 'widget')}
        />
        {block.lightboxHtml && (
          <>
            <button type="button" className={styles.open} aria-haspopup="dialog" onClick={() => dialogRef.current?.showModal?.()}>
              {block.lightboxLabel || 'More details'}
            </button>
            <dialog ref={dialogRef} className={styles.dialog} aria-label={block.lightboxLabel || title}>
              <button type="button" className={styles.close} onClick={() => dialogRef.current?.close()}>
                Close
              </button>
              {/* Lazy: a closed dialog is not drawn, so the lightbox loads when it is first opened. */}
              <iframe
                className={styles.lightbox}
                title={block.lightboxLabel || title}
                sandbox={WIDGET_SANDBOX}
                src={widgetFrameSrc(pagePath, block.id, 'lightbox')}
                loading="lazy"
              />
            </dialog>
          </>
        )}
      </div>
    </section>
  );
}
