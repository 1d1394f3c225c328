import type { ReactNode } from 'react';
import styles from './StatusMessage.module.css';

interface StatusMessageProps {
  eyebrow: string;
  headline: string;
  text?: string;
  /** Buttons or links offered to get the visitor going again. */
  actions?: ReactNode;
}

/** The body of the not-found and error pages: what happened and a way out. */
export function StatusMessage({ eyebrow, headline, text, actions }: StatusMessageProps) {
  return (
    <section className={styles.status}>
      <div className={`container ${styles.inner}`}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 className={styles.headline}>{headline}</h1>
        {text && <p className={styles.text}>{text}</p>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </section>
  );
}
