import type { GridItem, GridPromo, GridScrollBlock, GridSimpleBlock } from '@/lib/bff/types';
import { BlockSection, CarouselBlock } from './BlockSection';
import { BlockImage } from './BlockImage';
import { CmsArrowLink } from '@/components/links/CmsLink';
import { Card } from './Card';
import { SectionHeader } from './SectionHeader';
import styles from './Grids.module.css';

function GridCard({ item }: { item: GridItem }) {
  return <Card image={item.image} eyebrow={item.eyebrow} headline={item.headline} text={item.description} link={item.link} />;
}

/** grid_simple: cards in the grid carousel (1 to 5 per view by width, spec 3 §9). */
export function GridSimple({ block }: { block: GridSimpleBlock }) {
  return (
    <CarouselBlock
      type="grid_simple"
      header={
        <>
          <SectionHeader headline={block.headline} description={block.description} link={block.link} />
          {block.featuredPromo && <FeaturedPromo promo={block.featuredPromo} />}
        </>
      }
      kind="grid"
      label={block.headline || 'Benefits'}
      items={block.items}
      slide={(item, i) => <GridCard key={i} item={item} />}
    />
  );
}

/** grid_scroll: a featured promo, then cards in a strip that scrolls sideways. */
export function GridScroll({ block }: { block: GridScrollBlock }) {
  return (
    <BlockSection type="grid_scroll">
      <SectionHeader headline={block.headline} description={block.description} link={block.link} />
      <div className={styles.scrollLayout} data-has-promo={block.featuredPromo ? '' : undefined}>
        {block.featuredPromo && <FeaturedPromo promo={block.featuredPromo} />}
        {/* A scrolling region takes focus, so keyboard users can scroll it too. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is focusable, or a keyboard cannot scroll it (axe: scrollable-region-focusable) */}
        <ul className={styles.strip} tabIndex={0} aria-label={`${block.headline || 'Cards'}, scrolls sideways`}>
          {block.items.map((item, i) => (
            <li key={i} className={styles.stripItem}>
              <GridCard item={item} />
            </li>
          ))}
        </ul>
      </div>
    </BlockSection>
  );
}

function FeaturedPromo({ promo }: { promo: GridPromo }) {
  return (
    <article className={styles.promo}>
      {promo.image && (
        <picture>
          {promo.imageMobile && <source media="(max-width: 500px)" srcSet={promo.imageMobile.url} />}
          <BlockImage image={promo.image} className={styles.promoImage} />
        </picture>
      )}
      <div className={styles.promoBody}>
        <h3 className={styles.promoTitle}>{promo.headline}</h3>
        {promo.description && <p>{promo.description}</p>}
        {promo.link && <CmsArrowLink link={promo.link} className={styles.promoLink} />}
      </div>
    </article>
  );
}
