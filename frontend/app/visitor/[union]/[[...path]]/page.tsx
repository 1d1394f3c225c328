import type { Metadata } from 'next';
import { permanentRedirect, redirect } from 'next/navigation';
import { getCachedPage } from '@/lib/bff/server';
import { config } from '@/lib/config';
import { toMetadata } from '@/lib/metadata';
import { unionOfSegment } from '@/lib/pageCache';
import { ContentPage } from '@/components/page/ContentPage';

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
  const page = await load(params);
  return page.kind === 'redirect' ? {} : toMetadata(page.meta);
}

export default async function CachedContentPage({ params }: Props) {
  const page = await load(params);
  if (page.kind === 'redirect') {
    if (page.permanent) permanentRedirect(page.location);
    redirect(page.location);
  }
  return <ContentPage page={page} chatProviderUrl={config.chatProviderUrl} />;
}
