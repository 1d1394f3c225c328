import type { Metadata } from 'next';
import { contentPageMetadata, renderContentPage } from '@/components/page/renderContentPage';
import { loadPage, type SearchParams } from '@/lib/request';

const HOME_PATH = '/';

type Props = { searchParams: SearchParams };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return contentPageMetadata(await loadPage(HOME_PATH, searchParams));
}

export default async function HomePage({ searchParams }: Props) {
  return renderContentPage(await loadPage(HOME_PATH, searchParams));
}
