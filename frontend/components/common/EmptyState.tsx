import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

/** What a tab says when it has nothing to list yet, with an optional way on. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p>{children}</p>
      {action}
    </div>
  );
}
