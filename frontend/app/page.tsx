import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { toMetadata } from '@/lib/metadata';
import { ContentPage } from '@/components/page/ContentPage';
import { loadPage } from './[...path]/page';

const HOME_PATH = '/';

export async function generateMetadata(): Promise<Metadata> {
  const page = await loadPage(HOME_PATH);
  return page.kind === 'redirect' ? {} : toMetadata(page.meta);
}

export default async function HomePage() {
  const page = await loadPage(HOME_PATH);
  if (page.kind === 'redirect') redirect(page.location);
  return <ContentPage page={page} />;
}
