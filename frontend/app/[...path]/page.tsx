import type { Metadata } from 'next';
import { getPage } from '@/lib/bff/client';
import { toMetadata } from '@/lib/metadata';
import { BlockList } from '@/components/blocks/BlockList';
import { HomeHero } from '@/components/heroes/HomeHero';

type Props = { params: Promise<{ path: string[] }> };

/** The site path of a catch-all match; the BFF cleans slashes and decides what lives there. */
async function sitePath(params: Props['params']): Promise<string> {
  const { path } = await params;
  return '/' + path.join('/');
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await getPage(await sitePath(params));
  return toMetadata(page.meta);
}

/** Every content page the CMS holds at a path: generic pages, benefits, categories, landings. */
export default async function ContentPage({ params }: Props) {
  const page = await getPage(await sitePath(params));
  return (
    <>
      <HomeHero hero={page.hero} />
      <BlockList blocks={page.blocks} />
    </>
  );
}
