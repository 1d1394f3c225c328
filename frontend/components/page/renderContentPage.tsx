// What every route of a CMS page does with its document, so the home page (app/(site)/page.tsx),
// the other pages (app/(site)/[...path]) and the page cache's route (app/visitor/[union]/[[...path]])
// cannot drift apart: each only says how it loads the document.
import type { Metadata } from 'next';
import { permanentRedirect, redirect } from 'next/navigation';
import type { PageResult } from '@/lib/bff/types';
import { config } from '@/lib/config';
import { toMetadata } from '@/lib/metadata';
import { PreviewBanner } from '@/components/preview/PreviewBanner';
import { ContentPage } from './ContentPage';

/** The head of a content page; a redirect has none, as it is answered before any of the page. */
export function contentPageMetadata(page: PageResult): Metadata {
  return page.kind === 'redirect' ? {} : toMetadata(page.meta);
}

/**
 * A content page from its document: a redirect document as a real 308 or 307 (the server sends it
 * before any of the page), else the page, under the preview banner when it is an editor's draft.
 */
export function renderContentPage(page: PageResult) {
  if (page.kind === 'redirect') {
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
