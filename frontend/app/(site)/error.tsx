'use client';

import { useEffect } from 'react';
import buttonStyles from '@/components/common/ButtonLink.module.css';
import { StatusMessage } from '@/components/common/StatusMessage';

/** Any failure while rendering a page, most often the BFF being unreachable or answering 5xx. */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
    // To the error-reporting endpoint, through this site (lib/browserErrorReport.ts); loaded only now.
    void import('@/lib/browserErrorReport').then(({ reportCaughtError }) => reportCaughtError(error));
  }, [error]);

  return (
    <>
      {/* A client boundary cannot export metadata; React hoists these into the head. */}
      <title>Error</title>
      <meta name="robots" content="noindex, nofollow" />
      <StatusMessage
        eyebrow="500"
        headline="Something went wrong"
        text="We could not load this page just now. Please try again in a moment."
        actions={
          <>
            {/* A full load, not the client router, whose page just failed; and no ButtonLink, whose
                code (with TaskButton's) would join this boundary's, which every page loads. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
              Take me home
              <span className={buttonStyles.arrow} aria-hidden="true">
                →
              </span>
            </a>
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={retry}>
              Try again
            </button>
          </>
        }
      />
    </>
  );
}
