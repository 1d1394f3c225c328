'use client';

import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import styles from './VideoOverlay.module.css';

/** Spec 3 §4: the player unloads this long after it closes, so the close can finish first. */
export const UNLOAD_DELAY_MS = 500;

// The overlay and its player controls come with the first press of play: most readers never press it.
const VideoDialog = dynamic(() => import('./VideoDialog').then((m) => m.VideoDialog), { ssr: false });

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
 * A poster with a play button that opens the video in an overlay (spec 3 §4, VideoDialog).
 */
export function VideoOverlay({ youTubeId, title, hasAudio = true, children }: VideoOverlayProps) {
  const [plays, setPlays] = useState(0);
  return (
    <div className={styles.poster}>
      {children}
      <button type="button" className={styles.play} onClick={() => setPlays((n) => n + 1)} aria-haspopup="dialog">
        <span className={styles.playIcon} aria-hidden="true" />
        <span className="visually-hidden">Play video: {title}</span>
      </button>
      {plays > 0 && <VideoDialog youTubeId={youTubeId} title={title} hasAudio={hasAudio} plays={plays} />}
    </div>
  );
}
