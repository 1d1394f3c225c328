import type { ReactNode } from 'react';
import styles from './AccountSection.module.css';

interface AccountSectionProps {
  /** The tab's heading; the hero holds the page's h1. */
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}

/** The body of one account tab, or of the favorites page: a heading, a line of text, the rest. */
export function AccountSection({ title, intro, children }: AccountSectionProps) {
  return (
    <section className={`container ${styles.section}`} aria-labelledby="account-section-title">
      <h2 id="account-section-title" className={styles.title} tabIndex={-1}>
        {title}
      </h2>
      {intro && <div className={styles.intro}>{intro}</div>}
      {children}
    </section>
  );
}

/** What a tab says when it has nothing to list yet, with an optional way on. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p>{children}</p>
      {action}
    </div>
  );
}
