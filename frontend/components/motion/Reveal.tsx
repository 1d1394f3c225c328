'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './Reveal.module.css';

// Spec 1 §2 and §9: fadeInUp, 50 ms delay, 1000 ms long, started 400 ms after the page arrives,
// with the observer reaching 100 px below the viewport, and never on phones (max-width 1000px).
const START_DELAY_MS = 400;
const ROOT_MARGIN = '0px 0px 100px 0px';
const NO_MOTION_QUERY = '(max-width: 1000px), (prefers-reduced-motion: reduce)';

type Phase = 'still' | 'waiting' | 'shown';

/**
 * Fades its content up when it scrolls into view. Rendered visible on the server, so without
 * JavaScript, on phones, or for content already on screen nothing moves or hides.
 */
export function Reveal({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('still');

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof window.matchMedia !== 'function' || typeof IntersectionObserver !== 'function') return;
    if (window.matchMedia(NO_MOTION_QUERY).matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;

    setPhase('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setPhase('shown');
        observer.disconnect();
      },
      { rootMargin: ROOT_MARGIN },
    );
    const timer = window.setTimeout(() => observer.observe(element), START_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      observer.disconnect();
    };
  }, []);

  return (
    <div ref={ref} className={styles.reveal} data-reveal={phase}>
      {children}
    </div>
  );
}
