import type { ComponentProps } from 'react';
import type { ColumnsPromoBlock, FeaturedContentBlock, ManualContentBlock } from '@/lib/bff/types';
import { BlockSection } from './BlockSection';
import { Card } from './Card';
import { BlockActions, SectionHeader } from './SectionHeader';
import { promoColumns } from './layout';
import shared from './blockStyles.module.css';
import styles from './ContentCards.module.css';

/**
 * featured_content and manual_content: a row of cards pointing at other content, then the
 * block's links, in the column count of spec 3 §9. Manual cards carry a sub-heading where
 * featured cards carry a description.
 */
export function ContentCards({ block }: { block: FeaturedContentBlock | ManualContentBlock }) {
  return (
    <BlockSection type={block.type}>
      <SectionHeader headline={block.headline} />
      <CardGrid
        columns={promoColumns(block.items.length)}
        cards={block.items.map((item) => ({ image: item.image, headline: item.headline, text: item.description, link: item.link }))}
      />
      <BlockActions link={block.link} secondary={block.linkSecondary} />
    </BlockSection>
  );
}

/** columns_promo: 2 columns when fewer than 3 items or exactly 4, else 3 (spec 3 §9). */
export function ColumnsPromo({ block }: { block: ColumnsPromoBlock }) {
  return (
    <BlockSection type="columns_promo">
      <div className={block.disableDecoration ? undefined : styles.decorated}>
        <SectionHeader headline={block.headline} centered />
        <CardGrid
          columns={promoColumns(block.items.length)}
          cards={block.items.map((item) => ({ image: item.image, headline: item.headline, html: item.html, link: item.link }))}
        />
        <BlockActions link={block.link} secondary={block.linkSecondary} />
      </div>
    </BlockSection>
  );
}

/** Cards in the shared grid of so many columns. */
function CardGrid({ columns, cards }: { columns: number; cards: ComponentProps<typeof Card>[] }) {
  return (
    <ul className={shared.grid} data-columns={columns}>
      {cards.map((card, i) => (
        <li key={i}>
          <Card {...card} />
        </li>
      ))}
    </ul>
  );
}
