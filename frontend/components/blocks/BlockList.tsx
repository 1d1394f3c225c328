import type { ReactNode } from 'react';
import type { Block, BlockOf, StatCounterBlock } from '@/lib/bff/types';
import { Reveal } from '@/components/motion/Reveal';
import { BenefitPromo } from './BenefitPromo';
import { CarSearch } from './lazy';
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

/** What a block may need to know of the page it is on. */
interface OnPage {
  /** The page's canonical path (the widget frames ask for their embed by it). */
  pagePath: string;
}

/**
 * One component per block `type`. The mapped type makes the compiler fail when the contract
 * gains a block type that is not drawn here.
 */
const renderers: { [K in Block['type']]: (block: BlockOf<K>, on: OnPage) => ReactNode } = {
  text_block: (block) => <TextBlock block={block} />,
  fifty_fifty: (block) => <FiftyFifty block={block} />,
  seventy_thirty: (block) => <SeventyThirty block={block} />,
  benefit_promo: (block) => <BenefitPromo block={block} />,
  grid_simple: (block) => <GridSimple block={block} />,
  grid_scroll: (block) => <GridScroll block={block} />,
  wide_promo: (block) => <WidePromo block={block} />,
  stat_counter: (block) => <StatCounterRow blocks={[block]} />,
  icons: (block) => <Icons block={block} />,
  sweepstakes: (block) => <Sweepstakes block={block} />,
  testimonial: (block) => <Testimonial block={block} />,
  table: (block) => <Table block={block} />,
  sponsor_grid: (block) => <SponsorGrid block={block} />,
  sponsor_slider: (block) => <SponsorSlider block={block} />,
  winners_grid: (block) => <WinnersGrid block={block} />,
  partners: (block) => <Partners block={block} />,
  category_slider: (block) => <CategorySlider block={block} />,
  featured_content: (block) => <ContentCards block={block} />,
  manual_content: (block) => <ContentCards block={block} />,
  columns_promo: (block) => <ColumnsPromo block={block} />,
  benefit_slider: (block) => <BenefitSlider block={block} />,
  viral_widget: (block, on) => <ViralWidget block={block} pagePath={on.pagePath} />,
  car_search: (block) => <CarSearch block={block} />,
};

/** Whether this frontend draws the block; the BFF may learn a new type before it does. */
const isKnown = (block: Block) => Object.hasOwn(renderers, block.type);

/** The block's own component. */
function BlockView({ block, on }: { block: Block; on: OnPage }) {
  // TypeScript cannot tie renderers[block.type] to block's own member of the union; the mapped
  // type above already checked each pair.
  const render = renderers[block.type] as (block: Block, on: OnPage) => ReactNode;
  return render(block, on);
}

/**
 * Neighbouring stat counters are drawn together as one band, everything else on its own. Block
 * types this frontend does not know yet are left out.
 */
function toRuns(blocks: Block[]): Run[] {
  const runs: Run[] = [];
  for (const block of blocks) {
    if (!isKnown(block)) continue;
    const last = runs.at(-1);
    if (block.type === 'stat_counter' && last?.kind === 'stats') last.blocks.push(block);
    else if (block.type === 'stat_counter') runs.push({ kind: 'stats', blocks: [block] });
    else runs.push({ kind: 'single', block });
  }
  return runs;
}

/** A list of blocks: the page body, or the blocks an editor placed above the header. */
export function BlockList({
  blocks,
  pagePath,
  placement = 'body',
}: {
  blocks: Block[];
  /** The canonical path of the page the blocks are on. */
  pagePath: string;
  placement?: 'body' | 'above-header';
}) {
  if (blocks.length === 0) return null;
  const on: OnPage = { pagePath };
  return (
    <div className={styles.list} data-placement={placement}>
      {toRuns(blocks).map((run) =>
        run.kind === 'stats' ? (
          <Reveal key={run.blocks[0]?.id}>
            <StatCounterRow blocks={run.blocks} />
          </Reveal>
        ) : (
          <Reveal key={run.block.id}>
            <BlockView block={run.block} on={on} />
          </Reveal>
        ),
      )}
    </div>
  );
}
