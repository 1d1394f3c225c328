import type { Block, StatCounterBlock } from '@/lib/bff/types';
import { Reveal } from '@/components/motion/Reveal';
import { BenefitPromo } from './BenefitPromo';
import { ColumnsPromo, ContentCards } from './ContentCards';
import { FiftyFifty } from './FiftyFifty';
import { GridScroll, GridSimple } from './Grids';
import { Icons } from './Icons';
import { Partners, SponsorGrid, WinnersGrid } from './Logos';
import { SeventyThirty } from './SeventyThirty';
import { BenefitSlider, CategorySlider, SponsorSlider } from './Sliders';
import { StatCounterRow } from './StatCounter';
import { Sweepstakes } from './Sweepstakes';
import { Table } from './Table';
import { Testimonial } from './Testimonial';
import { TextBlock } from './TextBlock';
import { ViralWidget } from './ViralWidget';
import { WidePromo } from './WidePromo';
import styles from './BlockList.module.css';

type Run = { kind: 'single'; block: Block } | { kind: 'stats'; blocks: StatCounterBlock[] };

/** Every block type this frontend draws; the compiler checks the list against the contract. */
const KNOWN_TYPES: ReadonlySet<string> = new Set<Block['type']>([
  'text_block',
  'fifty_fifty',
  'seventy_thirty',
  'benefit_promo',
  'grid_simple',
  'grid_scroll',
  'wide_promo',
  'stat_counter',
  'icons',
  'sweepstakes',
  'testimonial',
  'table',
  'sponsor_grid',
  'sponsor_slider',
  'winners_grid',
  'partners',
  'category_slider',
  'featured_content',
  'manual_content',
  'columns_promo',
  'benefit_slider',
  'viral_widget',
]);

/**
 * Neighbouring stat counters are drawn together as one band, everything else on its own. Block
 * types this frontend does not know yet (the BFF may learn them first) are left out.
 */
function toRuns(blocks: Block[]): Run[] {
  const runs: Run[] = [];
  for (const block of blocks) {
    if (!KNOWN_TYPES.has(block.type)) continue;
    const last = runs.at(-1);
    if (block.type === 'stat_counter' && last?.kind === 'stats') last.blocks.push(block);
    else if (block.type === 'stat_counter') runs.push({ kind: 'stats', blocks: [block] });
    else runs.push({ kind: 'single', block });
  }
  return runs;
}

/** A list of blocks: the page body, or the blocks an editor placed above the header. */
export function BlockList({ blocks, placement = 'body' }: { blocks: Block[]; placement?: 'body' | 'above-header' }) {
  if (blocks.length === 0) return null;
  return (
    <div className={styles.list} data-placement={placement}>
      {toRuns(blocks).map((run) =>
        run.kind === 'stats' ? (
          <Reveal key={run.blocks[0]?.id}>
            <StatCounterRow blocks={run.blocks} />
          </Reveal>
        ) : (
          <Reveal key={run.block.id}>
            <BlockView block={run.block} />
          </Reveal>
        ),
      )}
    </div>
  );
}

/** One component per block `type`. */
function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'text_block':
      return <TextBlock block={block} />;
    case 'fifty_fifty':
      return <FiftyFifty block={block} />;
    case 'seventy_thirty':
      return <SeventyThirty block={block} />;
    case 'benefit_promo':
      return <BenefitPromo block={block} />;
    case 'grid_simple':
      return <GridSimple block={block} />;
    case 'grid_scroll':
      return <GridScroll block={block} />;
    case 'wide_promo':
      return <WidePromo block={block} />;
    case 'stat_counter':
      return <StatCounterRow blocks={[block]} />;
    case 'icons':
      return <Icons block={block} />;
    case 'sweepstakes':
      return <Sweepstakes block={block} />;
    case 'testimonial':
      return <Testimonial block={block} />;
    case 'table':
      return <Table block={block} />;
    case 'sponsor_grid':
      return <SponsorGrid block={block} />;
    case 'sponsor_slider':
      return <SponsorSlider block={block} />;
    case 'winners_grid':
      return <WinnersGrid block={block} />;
    case 'partners':
      return <Partners block={block} />;
    case 'category_slider':
      return <CategorySlider block={block} />;
    case 'featured_content':
    case 'manual_content':
      return <ContentCards block={block} />;
    case 'columns_promo':
      return <ColumnsPromo block={block} />;
    case 'benefit_slider':
      return <BenefitSlider block={block} />;
    case 'viral_widget':
      return <ViralWidget block={block} />;
    default:
      return null;
  }
}
