import type { ReactNode } from 'react';
import styles from './Form.module.css';

/** One titled card of an account form (Your Information, Union Information…). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}
