import type { Metadata } from 'next';
import { permanentRedirect, redirect } from 'next/navigation';
import { config } from '@/lib/config';
import { toMetadata } from '@/lib/metadata';
import { loadPage, type SearchParams } from '@/lib/request';
import { ContentPage } from '@/components/page/ContentPage';
import { PreviewBanner } from '@/components/preview/PreviewBanner';

type Props = { params: Promise<{ path: string[] }>; searchParams: SearchParams };

async function sitePath(params: Props['params']): Promise<string> {
  const { path } = await params;
  return '/' + path.join('/');
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const page = await loadPage(await sitePath(params), searchParams);
  return page.kind === 'redirect' ? {} : toMetadata(page.meta);
}

/** Every content page the CMS holds: generic pages, benefits, categories, landings, members. */
export default async function CatchAllPage({ params, searchParams }: Props) {
  const page = await loadPage(await sitePath(params), searchParams);
  if (page.kind === 'redirect') {
    // Real 308 or 307 answers: the server sends them before any of the page.
    if (page.permanent) permanentRedirect(page.location);
    redirect(page.location);
  }
  return (
    <>
      {page.preview && <PreviewBanner path={page.path} revision={page.preview.revision} />}
      <ContentPage page={page} chatProviderUrl={config.chatProviderUrl} />
    </>
  );
}
