// The frames the site's pages hold, named once for the components that draw them and for the
// policy that allows them (lib/securityHeaders.ts). Kept apart from that policy so the browser's
// bundle never takes in the server's header code.

/** Where the video blocks' players come from (components/blocks/VideoOverlay.tsx). */
export const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The path prefix of the documents that hold a CMS widget's vendor code in a sandboxed frame
 * (app/embed/viral-widget). Their policy is the frame's own, not the page's: see embedPolicy.
 */
export const EMBED_PATH_PREFIX = '/embed/';

/** The sandbox of the widget frames, as attribute and as CSP directive: scripts, never our origin. */
export const EMBED_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';
