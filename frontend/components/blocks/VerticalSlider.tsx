'use client';

import { Children, useId, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useHydrated } from '@/lib/useHydrated';
import styles from './VerticalSlider.module.css';

/** Spec 3 §9: the vertical slider shows 1 item and moves at speed 900 (ms). */
export const VERTICAL_SLIDER_SPEED_MS = 900;

interface VerticalSliderProps {
  /** Names the slider for assistive technology, e.g. the block's headline. */
  label: string;
  children: ReactNode;
}

/**
 * The vertical slider of spec 3 §9: one item at a time, the next one sliding up from below in
 * 900 ms (at once for readers who ask for reduced motion). It never moves by itself, so there is
 * nothing to pause. Previous and Next (and the arrow keys on them) move it; the slides out of view
 * are inert, so keyboard and screen-reader users meet only the one shown, and a live region says
 * which one that is. All slides share one grid cell, so the slider is as tall as its tallest
 * slide and does not jump as it moves.
 */
export function VerticalSlider({ label, children }: VerticalSliderProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const viewportId = useId();
  const ready = useHydrated();
  const [index, setIndex] = useState(0);
  // Spec 3 §4: a slider resets to its first item when its items change.
  const [shownCount, setShownCount] = useState(count);
  if (shownCount !== count) {
    setShownCount(count);
    setIndex(0);
  }

  const last = Math.max(0, count - 1);
  const goTo = (target: number) => setIndex(Math.max(0, Math.min(last, target)));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    goTo(moves[event.key] ?? 0);
  };

  const atStart = index <= 0;
  const atEnd = index >= last;
  return (
    <div
      className={styles.slider}
      data-index={index}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      style={{ '--speed': `${VERTICAL_SLIDER_SPEED_MS}ms` } as CSSProperties}
    >
      {/* The buttons take the arrow keys too, as the horizontal sliders' tracks do. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys on the buttons inside move the slider */}
      <div className={styles.controls} hidden={!ready || count < 2} onKeyDown={onKeyDown}>
        {/* aria-disabled rather than disabled: a button that disables itself would drop the focus. */}
        <button type="button" className={styles.button} aria-controls={viewportId} aria-disabled={atStart} onClick={() => !atStart && goTo(index - 1)}>
          <span aria-hidden="true">↑</span> Previous
        </button>
        <button type="button" className={styles.button} aria-controls={viewportId} aria-disabled={atEnd} onClick={() => !atEnd && goTo(index + 1)}>
          Next <span aria-hidden="true">↓</span>
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {ready && count > 1 ? `${index + 1} of ${count}` : ''}
      </p>
      <ul id={viewportId} className={styles.viewport}>
        {slides.map((slide, i) => (
          <li
            key={i}
            className={styles.slide}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            data-current={i === index || undefined}
            inert={i !== index}
            style={{ transform: `translateY(${(i - index) * 100}%)` }}
          >
            {slide}
          </li>
        ))}
      </ul>
    </div>
  );
}
