import type { ReactNode } from 'react';
import type { Block } from '@/lib/bff/types';
import { Carousel, type CarouselKind } from './Carousel';
import shared from './blockStyles.module.css';

/** A block's frame on the page: its section, named by its type, around the page-wide container. */
export function BlockSection({ type, children }: { type: Block['type']; children: ReactNode }) {
  return (
    <section className={shared.section} data-block={type}>
      <div className="container">{children}</div>
    </section>
  );
}

interface CarouselBlockProps<T> {
  type: Block['type'];
  /** What stands above the carousel: the block's header, a featured promo. */
  header: ReactNode;
  kind: CarouselKind;
  label: string;
  items: T[];
  /** One slide, keyed by its index. */
  slide: (item: T, index: number) => ReactNode;
}

/** A block whose items are the slides of a carousel, under the block's header. */
export function CarouselBlock<T>({ type, header, kind, label, items, slide }: CarouselBlockProps<T>) {
  return (
    <BlockSection type={type}>
      {header}
      <Carousel kind={kind} label={label}>
        {items.map(slide)}
      </Carousel>
    </BlockSection>
  );
}
