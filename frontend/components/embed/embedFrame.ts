// The frames of vendor markup from the CMS: a viral_widget block's widget and lightbox, a benefit's
// Viral Sweep campaigns and a benefit or landing page's embed (spec 3 §3). That code is the
// vendor's, not sanitised by the BFF, and it needs its scripts: each embed is served as a document
// of its own by app/embed/[kind]/[id] under a policy of its own (lib/securityHeaders.ts,
// embedPolicy), because a srcdoc frame would inherit the page's Content-Security-Policy and none of
// its scripts would run. The frame is sandboxed without allow-same-origin (by its attribute and by
// that policy), so the vendor's scripts cannot reach this site's pages, cookies or storage.
import { EMBED_PATH_PREFIX, EMBED_SANDBOX } from '@/lib/frameSources';

/** The sandbox attribute of the embed frames. */
export const FRAME_SANDBOX = EMBED_SANDBOX;

/**
 * What an embed belongs to, the first segment of its address:
 * - viral-widget: a viral_widget block, by block id;
 * - campaign: one of a benefit's Viral Sweep campaigns, by campaign id;
 * - page: the page's own embed, id `embed`.
 */
export type EmbedKind = 'viral-widget' | 'campaign' | 'page';

/** The parts of a widget-and-lightbox embed: the widget drawn inline, the lightbox in a dialog. */
export type EmbedPart = 'widget' | 'lightbox';

/** The id of a page's own embed under the `page` kind. */
export const PAGE_EMBED_ID = 'embed';

/**
 * The address of one embed: its kind and id, and the page it is on, whose document the route reads
 * the code from (for the same reader, so gating and union apply as on the page).
 */
export function embedFrameSrc(kind: EmbedKind, pagePath: string, id: string, part: EmbedPart = 'widget'): string {
  const query = new URLSearchParams({ path: pagePath });
  if (part === 'lightbox') query.set('part', 'lightbox');
  return `${EMBED_PATH_PREFIX}${kind}/${encodeURIComponent(id)}?${query}`;
}

/** What the page posts to an embed document to have its height reported again. */
export const MEASURE = 'embed:measure';

/**
 * Posts { embedHeight } to the page (EmbedFrame listens) whenever the body's height changes, so
 * the frame fits its content without a scroll bar, and { embedKey: 'Escape' } for that key: a key
 * pressed in a frame never reaches the page, so a dialog around it could not close from the
 * keyboard. The target origin is '*' because a sandboxed document has an opaque origin and does
 * not know the page's; neither message tells anybody anything. The page asks again with MEASURE
 * once it listens: the first reports may come before the page has hydrated.
 */
const REPORT = `<script>(function(){var last=0;function post(){var h=Math.ceil(document.body.getBoundingClientRect().height);if(h!==last){last=h;parent.postMessage({embedHeight:h},'*');}}new ResizeObserver(post).observe(document.body);addEventListener('load',post);post();addEventListener('message',function(e){if(e.source===parent&&e.data==='${MEASURE}'){last=0;post();}});addEventListener('keydown',function(e){if(e.key==='Escape')parent.postMessage({embedKey:'Escape'},'*');});})();</script>`;

/** The document around an embed, in our font, so it does not look like a foreign page. */
export function embedDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><style>html,body{margin:0}body{padding:8px;font-family:system-ui,sans-serif;color:#1a2433}</style></head><body>${html}${REPORT}</body></html>`;
}
