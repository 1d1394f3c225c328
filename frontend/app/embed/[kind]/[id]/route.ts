import type { NextRequest } from 'next/server';
import { getPage } from '@/lib/bff/server';
import { BffError } from '@/lib/bff/error';
import type { Block, PageDocument, ViralWidgetBlock } from '@/lib/bff/types';
import { requestUnion } from '@/lib/request';
import { embedDocument, PAGE_EMBED_ID, type EmbedKind, type EmbedPart } from '@/components/embed/embedFrame';

type Context = { params: Promise<{ kind: string; id: string }> };

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** The page's viral_widget block with that id, wherever the editor placed it. */
function findWidget(page: PageDocument, id: string): ViralWidgetBlock | undefined {
  const blocks: Block[] = [...(page.aboveHeader ?? []), ...page.blocks];
  return blocks.find((block): block is ViralWidgetBlock => block.type === 'viral_widget' && block.id === id);
}

/** Where each kind of embed keeps its code in the page's document (components/embed/embedFrame.ts). */
const finders: Record<EmbedKind, (page: PageDocument, id: string, part: EmbedPart) => string | undefined> = {
  'viral-widget': (page, id, part) => {
    const block = findWidget(page, id);
    return part === 'lightbox' ? block?.lightboxHtml : block?.widgetHtml;
  },
  campaign: (page, id, part) => {
    const campaign = page.campaigns?.find((c) => c.id === id);
    return part === 'lightbox' ? campaign?.lightboxHtml : campaign?.widgetHtml;
  },
  page: (page, id, part) => (id === PAGE_EMBED_ID && part === 'widget' ? page.embed : undefined),
};

function isKind(kind: string): kind is EmbedKind {
  return Object.hasOwn(finders, kind);
}

/**
 * The document of one embed frame (components/embed/embedFrame.ts): the vendor code of the embed
 * `kind`/`id` on the page at `?path=`, the lightbox with `?part=lightbox`. The page is read for
 * this reader as the page itself was, so an embed they may not see is not found here either. The
 * proxy gives the answer its own sandboxing policy (lib/securityHeaders.ts, embedPolicy).
 */
export async function GET(request: NextRequest, { params }: Context): Promise<Response> {
  const { kind, id } = await params;
  const path = request.nextUrl.searchParams.get('path');
  const part: EmbedPart = request.nextUrl.searchParams.get('part') === 'lightbox' ? 'lightbox' : 'widget';
  if (!isKind(kind) || !path?.startsWith('/')) return plain(404, 'Not found.');

  let page;
  try {
    page = await getPage(path, await requestUnion());
  } catch (error) {
    // getPage turns the BFF's 404 into Next's not-found signal, which a route answers itself.
    const down = error instanceof BffError && (error.status === 0 || error.status >= 500);
    return down ? plain(503, 'Unavailable.') : plain(404, 'Not found.');
  }
  const html = page.kind === 'redirect' || page.gate ? undefined : finders[kind](page, id, part);
  if (!html) return plain(404, 'Not found.');
  return new Response(embedDocument(html), {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      // Read per reader (union, session), like the page around it.
      'Cache-Control': 'private, no-store',
    },
  });
}
