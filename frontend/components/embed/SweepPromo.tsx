'use client';

import { useEffect, useRef } from 'react';
import { embedFrameSrc, type EmbedKind } from './embedFrame';
import { EmbedFrame } from './EmbedFrame';
import styles from './SweepPromo.module.css';

/** How long the campaign must have been in view before its lightbox opens by itself. */
export const LIGHTBOX_DELAY_MS = 1500;

/** The session key that remembers a campaign's lightbox was shown, so it opens once per visit. */
export function lightboxSeenKey(id: string): string {
  return `lightbox-seen:${id}`;
}

interface SweepPromoProps {
  kind: Extract<EmbedKind, 'viral-widget' | 'campaign'>;
  id: string;
  /** The page the promo is on: the embed route reads the code from its document. */
  pagePath: string;
  /** What the sweepstakes is: the frames' and the dialog's accessible names. */
  title: string;
  hasWidget: boolean;
  hasLightbox: boolean;
  /** The button that opens the lightbox. */
  lightboxLabel: string;
  /**
   * Open the lightbox by itself once per visit, as the vendor's lightbox does on a campaign's
   * page, but only once the reader has reached the campaign (its button half in view for
   * LIGHTBOX_DELAY_MS): a pop-up over a page that has only just loaded hides what they came
   * for. Never over another open dialog (a sign-in, the video); the button reopens it.
   */
  autoOpen?: boolean;
}

/**
 * A Viral Sweep campaign (spec 3 §3): its widget inline and its lightbox in a dialog, each in a
 * sandboxed frame of its own (embedFrame.ts says why).
 */
export function SweepPromo({ kind, id, pagePath, title, hasWidget, hasLightbox, lightboxLabel, autoOpen }: SweepPromoProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const button = openRef.current;
    if (!autoOpen || !hasLightbox || !button || typeof IntersectionObserver === 'undefined') return;
    let timer: number | undefined;
    const open = () => {
      const dialog = dialogRef.current;
      if (!dialog || dialog.open || document.querySelector('dialog[open]')) return;
      try {
        if (sessionStorage.getItem(lightboxSeenKey(id))) return;
        sessionStorage.setItem(lightboxSeenKey(id), '1');
      } catch {
        return; // storage refused: without memory it would open on every page view
      }
      seen.disconnect();
      dialog.showModal?.();
    };
    const seen = new IntersectionObserver(
      ([entry]) => {
        window.clearTimeout(timer);
        if (entry?.isIntersecting) timer = window.setTimeout(open, LIGHTBOX_DELAY_MS);
      },
      { threshold: 0.5 },
    );
    seen.observe(button);
    return () => {
      window.clearTimeout(timer);
      seen.disconnect();
    };
  }, [autoOpen, hasLightbox, id]);

  return (
    <>
      {hasWidget && <EmbedFrame className={styles.widget} title={title} src={embedFrameSrc(kind, pagePath, id)} minHeight={60} />}
      {hasLightbox && (
        <>
          <button ref={openRef} type="button" className={styles.open} aria-haspopup="dialog" onClick={() => dialogRef.current?.showModal?.()}>
            {lightboxLabel}
          </button>
          <dialog ref={dialogRef} className={styles.dialog} aria-label={title}>
            <button type="button" className={styles.close} onClick={() => dialogRef.current?.close()}>
              Close
            </button>
            {/* Lazy: a closed dialog is not drawn, so the lightbox loads when it is first opened. */}
            <EmbedFrame
              className={styles.lightbox}
              title={title}
              src={embedFrameSrc(kind, pagePath, id, 'lightbox')}
              minHeight={200}
              lazy
              onEscape={() => dialogRef.current?.close()}
            />
          </dialog>
        </>
      )}
    </>
  );
}
