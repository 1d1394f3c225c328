'use client';

import NextLink from 'next/link';
import type { ReactNode } from 'react';
import type { ModalKind } from './modalParam';
import { rememberOpener } from './opener';
import { useModalHref } from './useModalHref';

/**
 * A link that opens another modal on this page: it changes only `?modal=`, replacing the history
 * entry (back leaves the modals rather than walking through them) and keeping the scroll position.
 * The modal gives the focus back to it when it closes.
 */
export function ModalLink({ to, className, children }: { to: ModalKind; className?: string; children: ReactNode }) {
  const href = useModalHref();
  return (
    <NextLink href={href(to)} replace scroll={false} className={className} onClick={(e) => rememberOpener(e.currentTarget)}>
      {children}
    </NextLink>
  );
}
