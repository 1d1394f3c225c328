'use client';

import { ButtonLink } from '@/components/common/ButtonLink';
import { StatusMessage } from '@/components/common/StatusMessage';

/** The 500 of the /error route, worded as the spec's error page: an eyebrow and a way home. */
export default function ErrorRoutePage() {
  return (
    <>
      <title>Error</title>
      {/* No robots tag: Next writes 'noindex' on every error answer, and one tag is enough. */}
      <StatusMessage
        eyebrow="500"
        headline="Page not found"
        text="Something went wrong on our side. Please try again in a moment."
        actions={<ButtonLink link={{ url: '/', title: 'Take me home' }} />}
      />
    </>
  );
}
