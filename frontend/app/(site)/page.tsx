import type { Metadata } from 'next';
import { contentPageMetadata, renderContentPage } from '@/components/page/renderContentPage';
import { MemberHome } from '@/components/home/MemberHome';
import { loadMemberHome } from '@/lib/memberHome';
import { loadPage, type SearchParams } from '@/lib/request';

const HOME_PATH = '/';

type Props = { searchParams: SearchParams };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return contentPageMetadata(await loadPage(HOME_PATH, searchParams));
}

/**
 * The home page. A signed-in member's opens with their own band (MemberHome) above the union's
 * content, read alongside the page and rendered with it, so the visitor's version never shows
 * first. This route renders per request; an anonymous visitor's home is usually served from the
 * page cache's route instead (lib/pageCache.ts), which has no band, and a request with a session
 * cookie never goes there. An editor's preview shows the page alone.
 */
export default async function HomePage({ searchParams }: Props) {
  const [page, home] = await Promise.all([loadPage(HOME_PATH, searchParams), loadMemberHome()]);
  const band = home && page.kind !== 'redirect' && !page.preview ? <MemberHome home={home} /> : null;
  return (
    <>
      {band}
      {renderContentPage(page)}
    </>
  );
}
