'use client';

import { useEffect } from 'react';

/**
 * A failure of the root layout itself, which no other boundary can catch: this replaces the whole
 * document, so it draws its own html and body, and holds nothing but the words and a way home
 * (it is in every page's JavaScript, so it imports nothing it does not need). Reported like the
 * site's error page (lib/browserErrorReport.ts).
 */
export default function GlobalError({ error }: { error: unknown }) {
  useEffect(() => {
    void import('@/lib/browserErrorReport').then(({ reportCaughtError }) => reportCaughtError(error));
  }, [error]);

  return (
    <html lang="en">
      <body>
        <title>Error</title>
        <main style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif' }}>
          <p>500</p>
          <h1>Something went wrong</h1>
          <p>We could not load this page just now. Please try again in a moment.</p>
          {/* A full load, not the client router: the app that failed is not to be trusted to move. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/">Take me home</a>
        </main>
      </body>
    </html>
  );
}
