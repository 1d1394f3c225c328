import type { Metadata } from 'next';
import { permanentRedirect, redirect } from 'next/navigation';
import { getPage } from '@/lib/bff/client';
import type { PageResult } from '@/lib/bff/types';
import { toMetadata } from '@/lib/metadata';
import { readerUnion } from '@/lib/reader';
import { ContentPage } from '@/components/page/ContentPage';

type Props = { params: Promise<{ path: string[] }> };

/** The page for a catch-all match; the BFF cleans the path and decides what lives there. */
export async function loadPage(path: string): Promise<PageResult> {
  return getPage(path, await readerUnion());
}

async function sitePath(params: Props['params']): Promise<string> {
  const { path } = await params;
  return '/' + path.join('/');
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadPage(await sitePath(params));
  return page.kind === 'redirect' ? {} : toMetadata(page.meta);
}

/** Every content page the CMS holds: generic pages, benefits, categories, landings, members. */
export default async function CatchAllPage({ params }: Props) {
  const page = await loadPage(await sitePath(params));
  if (page.kind === 'redirect') {
    // Real 308 or 307 answers: the server sends them before any of the page.
    if (page.permanent) permanentRedirect(page.location);
    redirect(page.location);
  }
  return <ContentPage page={page} />;
}
