'use client';

import { useRef, type CSSProperties } from 'react';
import type { ViralWidgetBlock } from '@/lib/bff/types';
import shared from './blockStyles.module.css';
import styles from './ViralWidget.module.css';

// The campaign's embed code is the vendor's, not sanitised by the BFF: it runs only in frames
// sandboxed without allow-same-origin, so its scripts cannot reach this page, its cookies or
// its storage.
const SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

/** The wrapper that gives the embed our font, so it does not look like a foreign page. */
function frameDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><style>body{margin:0;padding:8px;font-family:system-ui,sans-serif;color:#1a2433}</style></head><body>${html}</body></html>`;
}

/** viral_widget: a Viral Sweep campaign's widget inline and, behind a button, its lightbox. */
export function ViralWidget({ block }: { block: ViralWidgetBlock }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const style = { paddingTop: `${block.paddingTop}px`, paddingBottom: `${block.paddingBottom}px` } as CSSProperties;
  const title = block.headline || 'Sweepstakes';
  return (
    <section className={shared.section} data-block="viral_widget">
      <div className={`container ${styles.inner}`} style={style}>
        {block.headline && <h2 className={shared.headline}>{block.headline}</h2>}
        <iframe className={styles.widget} title={title} sandbox={SANDBOX} srcDoc={frameDocument(block.widgetHtml)} />
        {block.lightboxHtml && (
          <>
            <button type="button" className={styles.open} aria-haspopup="dialog" onClick={() => dialogRef.current?.showModal?.()}>
              {block.lightboxLabel || 'More details'}
            </button>
            <dialog ref={dialogRef} className={styles.dialog} aria-label={block.lightboxLabel || title}>
              <button type="button" className={styles.close} onClick={() => dialogRef.current?.close()}>
                Close
              </button>
              <iframe
                className={styles.lightbox}
                title={block.lightboxLabel || title}
                sandbox={SANDBOX}
                srcDoc={frameDocument(block.lightboxHtml)}
              />
            </dialog>
          </>
        )}
      </div>
    </section>
  );
}
