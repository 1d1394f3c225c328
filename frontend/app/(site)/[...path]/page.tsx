import type { Metadata } from 'next';
import { loadPage, type SearchParams } from '@/lib/request';
import { contentPageMetadata, renderContentPage } from '@/components/page/renderContentPage';

type Props = { params: Promise<{ path: string[] }>; searchParams: SearchParams };

async function sitePath(params: Props['params']): Promise<string> {
  const { path } = await params;
  return '/' + path.join('/');
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return contentPageMetadata(await loadPage(await sitePath(params), searchParams));
}

/** Every content page the CMS holds: generic pages, benefits, categories, landings, members. */
export default async function CatchAllPage({ params, searchParams }: Props) {
  return renderContentPage(await loadPage(await sitePath(params), searchParams));
}
