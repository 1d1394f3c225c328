import type { Metadata } from 'next';
import { getCachedPage } from '@/lib/bff/server';
import { unionOfSegment } from '@/lib/pageCache';
import { contentPageMetadata, renderContentPage } from '@/components/page/renderContentPage';

// A CMS page as every anonymous visitor of a union sees it, rendered on its first request and
// served from Next's cache after that (lib/pageCache.ts says which requests come here).
export const dynamic = 'force-static';
export const dynamicParams = true;
// PAGE_REVALIDATE_SECONDS (lib/pageCacheRoute.ts): Next reads this as a literal when it builds.
export const revalidate = 300;

/** Nothing is rendered at build time, when no BFF may be reachable: each page on first request. */
export function generateStaticParams(): { union: string; path: string[] }[] {
  return [];
}

type Props = { params: Promise<{ union: string; path?: string[] }> };

async function load(params: Props['params']) {
  const { union, path } = await params;
  return getCachedPage('/' + (path ?? []).join('/'), unionOfSegment(union));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return contentPageMetadata(await load(params));
}

export default async function CachedContentPage({ params }: Props) {
  return renderContentPage(await load(params));
}
