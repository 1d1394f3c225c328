'use client';

import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import type { Video } from '@/lib/bff/types';
import styles from './PageHero.module.css';

/**
 * A hero's background video: plays muted, inline and looped when the CMS says so. The mute
 * button exists only when the video has sound (spec 3 §4); a background without sound has
 * nothing to unmute.
 */
export function HeroVideo({ video, poster }: { video: Video; poster?: string }) {
  // The poster is what the page's first paint shows largest (its Largest Contentful Paint), but a
  // video's poster is found only when the parser reaches the video, and fetched at a lower
  // priority than an image: asked for from the head instead, at once.
  if (poster) preload(poster, { as: 'image', fetchPriority: 'high' });
  // The video itself is asked for once the page is live, not by the HTML: the poster stands in
  // for it until it plays either way, and a video fetched with the page shares a slow phone's
  // bandwidth with the styles and scripts the page needs first (Lighthouse counts its bytes
  // before the Largest Contentful Paint).
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.getAttribute('src') !== video.url) ref.current.src = video.url;
  }, [video.url]);
  const [muted, setMuted] = useState(true);
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a background, hidden from assistive technology; the CMS has no captions for it */}
      <video
        ref={ref}
        className={styles.video}
        poster={poster}
        autoPlay
        muted={muted}
        loop={video.loop}
        playsInline
        preload="metadata"
        aria-hidden="true"
      />
      {video.hasAudio && (
        <button
          type="button"
          className={styles.mute}
          aria-pressed={!muted}
          onClick={() => setMuted((m) => !m)}
        >
          {muted ? 'Turn sound on' : 'Turn sound off'}
        </button>
      )}
    </>
  );
}
