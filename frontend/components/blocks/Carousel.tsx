'use client';

import { Children, useCallback, useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useHydrated } from '@/lib/useHydrated';
import styles from './Carousel.module.css';

/**
 * The sliders of spec 3 §9. Items per view come from CSS (Carousel.module.css, per kind), so the
 * server and a browser without JavaScript show a scroll-snap list with the first items visible;
 * JavaScript adds Previous/Next buttons, arrow keys and the spec's speed. The vertical slider (the
 * category slider) is VerticalSlider.tsx.
 */
export type CarouselKind = 'grid' | 'benefit' | 'sponsor';

/** Scroll speed per kind in ms (spec 3 §9: 450 for the grid, benefit and sponsor sliders). */
export const CAROUSEL_SPEED_MS: Record<CarouselKind, number> = { grid: 450, benefit: 450, sponsor: 450 };

interface CarouselProps {
  kind: CarouselKind;
  /** Names the carousel for assistive technology, e.g. the block's headline. */
  label: string;
  children: ReactNode;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function Carousel({ kind, label, children }: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const trackId = useId();
  const trackRef = useRef<HTMLUListElement>(null);
  const animation = useRef<number | null>(null);
  const ready = useHydrated();
  const [index, setIndex] = useState(0);
  const [lastIndex, setLastIndex] = useState(0);

  /** The distance between two slides' starts, and how far the track can go. */
  const measure = useCallback(() => {
    const track = trackRef.current;
    const items = track?.children;
    if (!track || !items || items.length === 0) return { step: 0, last: 0 };
    const first = items[0] as HTMLElement;
    const step = items.length > 1 ? (items[1] as HTMLElement).offsetLeft - first.offsetLeft : first.offsetWidth;
    const perView = step > 0 ? Math.max(1, Math.round((track.clientWidth + (step - first.offsetWidth)) / step)) : 1;
    return { step, last: Math.max(0, items.length - perView) };
  }, []);

  const sync = useCallback(() => {
    const track = trackRef.current;
    if (!track || animation.current !== null) return;
    const { step, last } = measure();
    setLastIndex(last);
    setIndex(step > 0 ? Math.min(last, Math.round(track.scrollLeft / step)) : 0);
  }, [measure]);

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      if (!track) return;
      const { step, last } = measure();
      const next = Math.max(0, Math.min(last, target));
      const from = track.scrollLeft;
      const to = next * step;
      setIndex(next);
      setLastIndex(last);
      if (animation.current !== null) cancelAnimationFrame(animation.current);
      const reduced = typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
      if (reduced || from === to) {
        track.scrollLeft = to;
        animation.current = null;
        return;
      }
      // Snapping would fight a scroll moved frame by frame; it is back on once the move ends.
      track.style.scrollSnapType = 'none';
      const start = performance.now();
      const speed = CAROUSEL_SPEED_MS[kind];
      const frame = (now: number) => {
        const t = Math.min(1, (now - start) / speed);
        track.scrollLeft = from + (to - from) * (1 - (1 - t) ** 3);
        if (t < 1) {
          animation.current = requestAnimationFrame(frame);
        } else {
          animation.current = null;
          track.style.scrollSnapType = '';
        }
      };
      animation.current = requestAnimationFrame(frame);
    },
    [kind, measure],
  );

  useEffect(() => {
    sync();
    window.addEventListener('resize', sync);
    return () => {
      window.removeEventListener('resize', sync);
      if (animation.current !== null) cancelAnimationFrame(animation.current);
    };
  }, [sync]);

  // Spec 3 §4: a slider resets to its first item when its items change.
  useEffect(() => {
    if (trackRef.current) trackRef.current.scrollLeft = 0;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the index follows the track's scroll position, which the line above resets
    setIndex(0);
  }, [count]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: lastIndex };
    if (!(event.key in moves)) return;
    event.preventDefault();
    goTo(moves[event.key] ?? 0);
  };

  const atStart = index <= 0;
  const atEnd = index >= lastIndex;
  return (
    <div
      className={styles.carousel}
      data-kind={kind}
      data-index={index}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      // The slides' width depends on how many there are (Carousel.module.css, .slide).
      style={{ '--count': count } as CSSProperties}
    >
      <div className={styles.controls} hidden={!ready || lastIndex === 0}>
        {/* aria-disabled rather than disabled: a button that disables itself would drop the focus. */}
        <button
          type="button"
          className={styles.button}
          aria-controls={trackId}
          aria-disabled={atStart}
          onClick={() => !atStart && goTo(index - 1)}
        >
          <span aria-hidden="true">←</span> Previous
        </button>
        <button
          type="button"
          className={styles.button}
          aria-controls={trackId}
          aria-disabled={atEnd}
          onClick={() => !atEnd && goTo(index + 1)}
        >
          Next <span aria-hidden="true">→</span>
        </button>
      </div>
      {/* The track scrolls, so it takes focus: keyboard users scroll it with the arrow keys. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the focused track's arrow keys scroll it */}
      <ul
        id={trackId}
        ref={trackRef}
        className={styles.track}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is focusable, or a keyboard cannot scroll it (axe: scrollable-region-focusable)
        tabIndex={0}
        aria-label={`${label}: use the arrow keys to move`}
        onKeyDown={onKeyDown}
        onScroll={sync}
      >
        {slides.map((slide, i) => (
          <li key={i} className={styles.slide} aria-roledescription="slide" aria-label={`${i + 1} of ${count}`}>
            {slide}
          </li>
        ))}
      </ul>
    </div>
  );
}
