import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { toMetadata } from '@/lib/metadata';
import { ContentPage } from '@/components/page/ContentPage';
import { PreviewBanner } from '@/components/preview/PreviewBanner';
import { loadPage, type SearchParams } from '@/lib/request';

const HOME_PATH = '/';

type Props = { searchParams: SearchParams };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const page = await loadPage(HOME_PATH, searchParams);
  return page.kind === 'redirect' ? {} : toMetadata(page.meta);
}

export default async function HomePage({ searchParams }: Props) {
  const page = await loadPage(HOME_PATH, searchParams);
  if (page.kind === 'redirect') redirect(page.location);
  return (
    <>
      {page.preview && <PreviewBanner path={page.path} revision={page.preview.revision} />}
      <ContentPage page={page} />
    </>
  );
}
