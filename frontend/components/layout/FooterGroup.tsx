'use client';

import { useId, useState, type ReactNode } from 'react';
import styles from './Footer.module.css';

interface FooterGroupProps {
  /** The group's name, the fold button's words on narrow screens. */
  title: string;
  /** The heading's content on wide screens: the name, linked to the group's page when it has one. */
  heading: ReactNode;
  /** The group's list of links. */
  children: ReactNode;
}

/**
 * One benefit group of the footer, drawn once for every width. Above 1000px it is a column: a
 * heading over its links. At 1000px and below the heading holds a button that folds the links
 * (a disclosure, as the APG's accordion: the button inside the heading), and the wide heading's
 * content is not shown. CSS shows one or the other, so the button is never announced on wide
 * screens, where the links are always shown.
 */
export function FooterGroup({ title, heading, children }: FooterGroupProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.group} data-open={open || undefined}>
      <h2 className={styles.groupTitle}>
        <span className={styles.wideOnly}>{heading}</span>
        <button type="button" className={styles.fold} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {title}
        </button>
      </h2>
      <div id={id} className={styles.foldBody}>
        {children}
      </div>
    </div>
  );
}
