import type { ReactNode } from 'react';
import type { Block } from '@/lib/bff/types';
import shared from './blockStyles.module.css';

/** A block's frame on the page: its section, named by its type, around the page-wide container. */
export function BlockSection({ type, children }: { type: Block['type']; children: ReactNode }) {
  return (
    <section className={shared.section} data-block={type}>
      <div className="container">{children}</div>
    </section>
  );
}
