// The hand-written BFF examples in contracts/examples, typed as the contract says they are.
import type { PageDocument, SiteChrome } from '@/lib/bff/types';
import pageJson from '../../contracts/examples/page-home.json';
import siteJson from '../../contracts/examples/site.json';

type AnyBlock = PageDocument['blocks'][number];

// JSON imports widen string literals (e.g. block types) to string; the examples are checked
// against the OpenAPI schema, so the narrower contract type is the truthful one.
const pageExample = pageJson as unknown as PageDocument;
const siteExample = siteJson as unknown as SiteChrome;

/** A fresh copy per call, so a test that edits its data cannot leak into the next. */
export const homePage = (): PageDocument => structuredClone(pageExample);
export const site = (): SiteChrome => structuredClone(siteExample);

/** The first block of a type in the home example; fails loudly if the example lost it. */
export function exampleBlock<T extends AnyBlock['type']>(type: T): Extract<AnyBlock, { type: T }> {
  const block = homePage().blocks.find((b): b is Extract<AnyBlock, { type: T }> => b.type === type);
  if (!block) throw new Error(`no ${type} block in page-home.json`);
  return block;
}
