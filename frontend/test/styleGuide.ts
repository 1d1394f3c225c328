// The style guide page document (contracts/examples/page-style-guide.json, built from the BFF's
// golden reshapes of fixtures/cms/node/style-guide.json): every block type with real content.
import type { PageDocument } from '@/lib/bff/types';
import pageJson from '../../contracts/examples/page-style-guide.json';

type AnyBlock = PageDocument['blocks'][number];

export const styleGuidePage = (): PageDocument => structuredClone(pageJson as unknown as PageDocument);

/** Every block of a type on the style guide, fresh copies; fails loudly when there is none. */
export function styleGuideBlocks<T extends AnyBlock['type']>(type: T): Extract<AnyBlock, { type: T }>[] {
  const blocks = styleGuidePage().blocks.filter((b): b is Extract<AnyBlock, { type: T }> => b.type === type);
  if (blocks.length === 0) throw new Error(`no ${type} block in page-style-guide.json`);
  return blocks;
}

export function styleGuideBlock<T extends AnyBlock['type']>(type: T): Extract<AnyBlock, { type: T }> {
  return styleGuideBlocks(type)[0] as Extract<AnyBlock, { type: T }>;
}
