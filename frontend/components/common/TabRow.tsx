'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './SecondaryNav.module.css';

/**
 * A row of links under a hero (a section's pages, the account's tabs) that never hides its own
 * overflow: when the links do not fit, the row scrolls sideways, fades at the edge that has more,
 * and shows a button at that edge that scrolls by most of a row, so "Debt Management He|" reads
 * as "there is more" rather than as a cut-off label. The current link (aria-current) is scrolled
 * into view. Keyboard users Tab along the links, which scrolls the row by itself, so the buttons
 * are for pointers only and stay out of the tab order.
 */
export function TabRow({ label, children, current }: { label: string; children: ReactNode; current?: string }) {
  const rowRef = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    const before = row.scrollLeft > 1;
    const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
  }, []);

  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const link = row.querySelector<HTMLElement>('[aria-current="page"]');
    if (link) {
      // Sideways only: scrollIntoView could also move the page up or down.
      const tab = link.getBoundingClientRect();
      const visible = row.getBoundingClientRect();
      if (tab.left < visible.left || tab.right > visible.right) {
        row.scrollLeft += tab.left - visible.left - (visible.width - tab.width) / 2;
      }
    }
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(measure);
    resized.observe(row);
    return () => resized.disconnect();
  }, [current, measure]);

  const scrollBy = (direction: 1 | -1) => {
    const row = rowRef.current;
    if (row) row.scrollBy({ left: direction * row.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <nav aria-label={label} className={styles.nav}>
      <div className={`container ${styles.frame}`} data-before={more.before || undefined} data-after={more.after || undefined}>
        <ul ref={rowRef} className={styles.list} onScroll={measure}>
          {children}
        </ul>
        {more.before && (
          <button type="button" tabIndex={-1} aria-hidden="true" className={styles.scroll} data-edge="before" onClick={() => scrollBy(-1)}>
            ‹
          </button>
        )}
        {more.after && (
          <button type="button" tabIndex={-1} aria-hidden="true" className={styles.scroll} data-edge="after" onClick={() => scrollBy(1)}>
            ›
          </button>
        )}
      </div>
    </nav>
  );
}
