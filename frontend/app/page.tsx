import type { Metadata } from 'next';
import { getPage } from '@/lib/bff/client';
import { toMetadata } from '@/lib/metadata';
import { BlockList } from '@/components/blocks/BlockList';
import { HomeHero } from '@/components/heroes/HomeHero';

const HOME_PATH = '/';

export async function generateMetadata(): Promise<Metadata> {
  const page = await getPage(HOME_PATH);
  return toMetadata(page.meta);
}

export default async function HomePage() {
  const page = await getPage(HOME_PATH);
  return (
    <>
      <HomeHero hero={page.hero} />
      <BlockList blocks={page.blocks} />
    </>
  );
}
