'use client';

import type { ComponentProps, ReactNode } from 'react';
import { Modal } from '@/components/modals/Modal';
import styles from './AuthModals.module.css';

export interface AuthModalProps {
  onClose: () => void;
}

/**
 * The frame the login, signup and reset modals share: title, a line of text, the form (the
 * accounts work drops it into `children`), and the links to the other modals in the footer. The
 * editors' dressing of a modal (an eyebrow, a picture beside it or behind it) passes through.
 */
export function AuthModalShell({
  name,
  title,
  intro,
  links,
  onClose,
  children,
  ...dressing
}: AuthModalProps &
  Pick<ComponentProps<typeof Modal>, 'eyebrow' | 'media' | 'backdrop' | 'placement' | 'wide'> & {
    name: string;
    title: string;
    intro: ReactNode;
    links: ReactNode;
    children?: ReactNode;
  }) {
  return (
    <Modal
      name={name}
      title={title}
      onClose={onClose}
      footer={<ul className={styles.links}>{links}</ul>}
      {...dressing}
    >
      <p className={styles.intro}>{intro}</p>
      <div className={styles.form}>{children}</div>
    </Modal>
  );
}
