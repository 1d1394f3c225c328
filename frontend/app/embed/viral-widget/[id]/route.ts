import type { NextRequest } from 'next/server';
import { getPage } from '@/lib/bff/server';
import { BffError } from '@/lib/bff/transport';
import type { Block, PageDocument, ViralWidgetBlock } from '@/lib/bff/types';
import { requestUnion } from '@/lib/request';
import { widgetDocument } from '@/components/blocks/widgetFrame';

type Context = { params: Promise<{ id: string }> };

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** The page's viral_widget block with that id, wherever the editor placed it. */
function findWidget(page: PageDocument, id: string): ViralWidgetBlock | undefined {
  const blocks: Block[] = [...(page.aboveHeader ?? []), ...page.blocks];
  return blocks.find((block): block is ViralWidgetBlock => block.type === 'viral_widget' && block.id === id);
}

/**
 * The document of one viral_widget embed (components/blocks/widgetFrame.ts): the vendor's code of
 * the block `id` on the page at `?path=`, the lightbox with `?part=lightbox`. The page is read for
 * this reader as the page itself was, so a block they may not see is not found here either. The
 * proxy gives the answer its own sandboxing policy (lib/securityHeaders.ts, embedPolicy).
 */
export async function GET(request: NextRequest, { params }: Context): Promise<Response> {
  const { id } = await params;
  const path = request.nextUrl.searchParams.get('path');
  const lightbox = request.nextUrl.searchParams.get('part') === 'lightbox';
  if (!path?.startsWith('/')) return plain(404, 'Not found.');

  let page;
  try {
    page = await getPage(path, await requestUnion());
  } catch (error) {
    // getPage turns the BFF's 404 into Next's not-found signal, which a route answers itself.
    const down = error instanceof BffError && (error.status === 0 || error.status >= 500);
    return down ? plain(503, 'Unavailable.') : plain(404, 'Not found.');
  }
  const block = page.kind === 'redirect' || page.gate ? undefined : findWidget(page, id);
  const html = lightbox ? block?.lightboxHtml : block?.widgetHtml;
  if (!html) return plain(404, 'Not found.');
  return new Response(widgetDocument(html), {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      // Read per reader (union, session), like the page around it.
      'Cache-Control': 'private, no-store',
    },
  });
}
