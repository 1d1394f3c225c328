'use client';

import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '@/lib/format';

/** Spec 3 §9: the stat counter adds 10000 every 50 ms until it reaches its number. */
export const COUNT_STEP = 10000;
export const COUNT_INTERVAL_MS = 50;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * A number that counts up from 0 once it scrolls into view (spec 3 §4). The server renders the
 * final number, so without JavaScript, with reduced motion or before hydration it reads right;
 * while counting, assistive technology is given the final number only.
 */
export function CountUp({ value }: { value: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(value);

  useEffect(() => {
    const element = ref.current;
    if (!element || value <= 0 || typeof IntersectionObserver !== 'function') return;
    if (typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches) return;
    let timer: number | undefined;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- whether to count is the browser's (observer, motion preference), known once hydrated; the server's final number hydrates as it is
    setShown(0);
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      timer = window.setInterval(() => {
        setShown((n) => {
          const next = Math.min(value, n + COUNT_STEP);
          if (next >= value) window.clearInterval(timer);
          return next;
        });
      }, COUNT_INTERVAL_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
      setShown(value);
    };
  }, [value]);

  const counting = shown !== value;
  return (
    <span ref={ref} data-counting={counting ? '' : undefined}>
      <span aria-hidden={counting ? true : undefined}>{formatNumber(shown)}</span>
      {counting && <span className="visually-hidden">{formatNumber(value)}</span>}
    </span>
  );
}
