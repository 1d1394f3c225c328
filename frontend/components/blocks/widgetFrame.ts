// The frames of a viral_widget block. The campaign's embed code is the vendor's, not sanitised by
// the BFF, and it needs its scripts: it is served as a document of its own by
// app/embed/viral-widget/[id] under a policy of its own (lib/securityHeaders.ts, embedPolicy),
// because a srcdoc frame would inherit the page's Content-Security-Policy and none of its scripts
// would run. The frame is sandboxed without allow-same-origin (by its attribute and by that
// policy), so the vendor's scripts cannot reach this site's pages, cookies or storage.
import { EMBED_PATH_PREFIX, EMBED_SANDBOX } from '@/lib/securityHeaders';

/** The sandbox attribute of the widget frames. */
export const WIDGET_SANDBOX = EMBED_SANDBOX;

/** The two embeds of a block: the widget drawn inline and the lightbox behind its button. */
export type WidgetPart = 'widget' | 'lightbox';

/**
 * The address of one embed of a block: the block's id and the page it is on, whose document the
 * route reads the embed code from (for the same reader, so gating and union apply as on the page).
 */
export function widgetFrameSrc(pagePath: string, blockId: string, part: WidgetPart): string {
  const query = new URLSearchParams({ path: pagePath });
  if (part === 'lightbox') query.set('part', 'lightbox');
  return `${EMBED_PATH_PREFIX}viral-widget/${encodeURIComponent(blockId)}?${query}`;
}

/** The document around an embed, in our font, so it does not look like a foreign page. */
export function widgetDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><style>body{margin:0;padding:8px;font-family:system-ui,sans-serif;color:#1a2433}</style></head><body>${html}</body></html>`;
}
