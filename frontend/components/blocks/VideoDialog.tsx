'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { UNLOAD_DELAY_MS } from './VideoOverlay';
import styles from './VideoOverlay.module.css';

const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';

interface VideoDialogProps {
  youTubeId: string;
  /** What the video is: the dialog's name. */
  title: string;
  /** A mute button shows only for a video with sound. */
  hasAudio: boolean;
  /** How many times play has been pressed: each new count opens the overlay. */
  plays: number;
}

/**
 * The overlay of VideoOverlay (spec 3 §4), loaded on the first press of play: play opens it and
 * loads the video; the close button, Escape or the video's end pause it, close the overlay and
 * unload the player after 500 ms. YouTube is driven through its iframe postMessage API, so no
 * script of theirs runs on our page.
 */
export function VideoDialog({ youTubeId, title, hasAudio, plays }: VideoDialogProps) {
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

  const play = useCallback(() => {
    if (unloadTimer.current !== null) window.clearTimeout(unloadTimer.current);
    setMuted(false);
    setLoaded(true);
    setOpen(true);
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  }, []);

  // Mounted by the first press, then told of each next one.
  useEffect(() => {
    if (plays > 0) play();
  }, [plays, play]);

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
  );
}
