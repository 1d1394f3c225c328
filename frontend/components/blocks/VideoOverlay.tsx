'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { YOUTUBE_ORIGIN } from '@/lib/frameSources';
import styles from './VideoOverlay.module.css';

/** Spec 3 §4: the player unloads this long after it closes, so the close can finish first. */
export const UNLOAD_DELAY_MS = 500;

interface VideoOverlayProps {
  youTubeId: string;
  /** What the video is, for the play button and the dialog's name. */
  title: string;
  /** A mute button shows only for a video with sound. */
  hasAudio?: boolean;
  /** The poster: usually the block's image. */
  children: ReactNode;
}

/**
 * A poster with a play button that opens the video in an overlay (spec 3 §4): play opens it and
 * loads the video; the close button, Escape or the video's end pause it, close the overlay and
 * unload the player after 500 ms. YouTube is driven through its iframe postMessage API, so no
 * script of theirs runs on our page.
 */
export function VideoOverlay({ youTubeId, title, hasAudio = true, children }: VideoOverlayProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const unloadTimer = useRef<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const [muted, setMuted] = useState(false);

  const command = useCallback((func: string) => {
    frameRef.current?.contentWindow?.postMessage(JSON.stringify({ event: 'command', func, args: [] }), YOUTUBE_ORIGIN);
  }, []);

  const close = useCallback(() => {
    command('pauseVideo');
    setOpen(false);
    const dialog = dialogRef.current;
    if (dialog?.open) dialog.close();
    if (unloadTimer.current !== null) window.clearTimeout(unloadTimer.current);
    unloadTimer.current = window.setTimeout(() => {
      setLoaded(false);
      unloadTimer.current = null;
    }, UNLOAD_DELAY_MS);
  }, [command]);

  const play = () => {
    if (unloadTimer.current !== null) window.clearTimeout(unloadTimer.current);
    setMuted(false);
    setLoaded(true);
    setOpen(true);
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  };

  // The player reports its state by postMessage once told we listen; state 0 is "ended".
  useEffect(() => {
    if (!open) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== YOUTUBE_ORIGIN || typeof event.data !== 'string') return;
      try {
        const data = JSON.parse(event.data) as { event?: string; info?: unknown };
        const state =
          data.event === 'onStateChange'
            ? data.info
            : (data.info as { playerState?: number } | null | undefined)?.playerState;
        if (state === 0) close();
      } catch {
        // Not a player message.
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, close]);

  useEffect(
    () => () => {
      if (unloadTimer.current !== null) window.clearTimeout(unloadTimer.current);
    },
    [],
  );

  const toggleMute = () => {
    command(muted ? 'unMute' : 'mute');
    setMuted(!muted);
  };

  const listen = () => {
    frameRef.current?.contentWindow?.postMessage(JSON.stringify({ event: 'listening' }), YOUTUBE_ORIGIN);
  };

  const src = `${YOUTUBE_ORIGIN}/embed/${encodeURIComponent(youTubeId)}?autoplay=1&enablejsapi=1&playsinline=1&rel=0`;
  return (
    <div className={styles.poster}>
      {children}
      <button type="button" className={styles.play} onClick={play} aria-haspopup="dialog">
        <span className={styles.playIcon} aria-hidden="true" />
        <span className="visually-hidden">Play video: {title}</span>
      </button>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-label={title}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        data-state={open ? 'open' : 'closed'}
      >
        <div className={styles.toolbar}>
          {hasAudio && (
            <button type="button" className={styles.tool} onClick={toggleMute} aria-pressed={muted}>
              {muted ? 'Unmute' : 'Mute'}
            </button>
          )}
          <button type="button" className={styles.tool} onClick={close}>
            Close video
          </button>
        </div>
        <div className={styles.frame}>
          {loaded && (
            <iframe
              ref={frameRef}
              src={src}
              title={title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              onLoad={listen}
            />
          )}
        </div>
      </dialog>
    </div>
  );
}
