'use client';

import { EARLY_INPUT_SCRIPT } from '@/lib/earlyInputScript';

/**
 * The early-input script (lib/earlyInputScript.ts), first thing in <head>. Drawn by a client
 * component so that its text is in the page once: a server component's <script> is also a prop in
 * React's payload, which would carry the same 1.9 KB again on every page. The server renders the
 * text into the HTML; the browser's build has `typeof window` as 'object', so its copy of this
 * component draws an empty script and leaves the text out of the bundle (its module must stay
 * free of anything else: lib/securityHeaders.ts hashes it for the CSP). React does not rewrite a
 * hydrated element's inner HTML, so the script stays as the server drew it.
 */
export function EarlyInputScript() {
  return (
    <script
      dangerouslySetInnerHTML={{ __html: typeof window === 'undefined' ? EARLY_INPUT_SCRIPT : '' }}
      suppressHydrationWarning
    />
  );
}
