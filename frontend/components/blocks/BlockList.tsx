import type { Block, StatCounterBlock } from '@/lib/bff/types';
import { Reveal } from '@/components/motion/Reveal';
import { FiftyFifty } from './FiftyFifty';
import { Icons } from './Icons';
import { PendingBlock } from './PendingBlock';
import { StatCounterRow } from './StatCounter';
import { TextBlock } from './TextBlock';
import { WidePromo } from './WidePromo';
import styles from './BlockList.module.css';

type Run = { kind: 'single'; block: Block } | { kind: 'stats'; blocks: StatCounterBlock[] };

const KNOWN_TYPES: ReadonlySet<string> = new Set<Block['type']>([
  'text_block',
  'fifty_fifty',
  'wide_promo',
  'stat_counter',
  'icons',
  'pending',
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

/** The page body: one component per block `type`. */
export function BlockList({ blocks }: { blocks: Block[] }) {
  if (blocks.length === 0) return null;
  return (
    <div className={styles.list}>
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

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'text_block':
      return <TextBlock block={block} />;
    case 'fifty_fifty':
      return <FiftyFifty block={block} />;
    case 'wide_promo':
      return <WidePromo block={block} />;
    case 'stat_counter':
      return <StatCounterRow blocks={[block]} />;
    case 'icons':
      return <Icons block={block} />;
    case 'pending':
      return <PendingBlock block={block} />;
    default:
      return null;
  }
}
