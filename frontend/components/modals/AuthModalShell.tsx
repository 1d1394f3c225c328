'use client';

import type { ReactNode } from 'react';
import { Modal } from './Modal';
import styles from './AuthModals.module.css';

export interface AuthModalProps {
  onClose: () => void;
}

/**
 * The frame the login, signup and reset modals share: title, a line of text, the form (the
 * accounts work drops it into `children`), and the links to the other modals in the footer.
 */
export function AuthModalShell({
  name,
  title,
  intro,
  links,
  onClose,
  children,
}: AuthModalProps & { name: string; title: string; intro: ReactNode; links: ReactNode; children?: ReactNode }) {
  return (
    <Modal
      name={name}
      title={title}
      onClose={onClose}
      footer={<ul className={styles.links}>{links}</ul>}
    >
      <p className={styles.intro}>{intro}</p>
      <div className={styles.form}>{children}</div>
    </Modal>
  );
}
