'use client';

import { useSearchParams } from 'next/navigation';
import { lazy, Suspense, useState } from 'react';
import type { AuthModals } from '@/lib/bff/types';
import { MODAL_PARAM } from '@/components/modals/modalParam';

/** The modals' code (login, sign-up, reset and their forms), loaded by the first page view that needs it. */
const ModalHost = lazy(() => import('./ModalHost').then((module) => ({ default: module.ModalHost })));

/**
 * The shell's modals (ModalHost), loaded when the address first asks for one (`?modal=`), not with
 * every page: most page views open none, and their forms are the biggest part of the shell.
 *
 * Nothing can be lost while the code is on its way. Opened from the page, a modal is asked for by a
 * link (ModalLink), which changes the address and is a link whatever has loaded; the modal's fields
 * do not exist until it is drawn, and a status says it is loading meanwhile. A page opened at such
 * an address (a link in an email, a redirect to sign in) has the modal drawn by the server, so it
 * can be read and typed into at once; it hydrates when its code arrives, inside a Suspense boundary
 * of its own that nothing above it renders again before then (this component renders again only
 * when the address changes), so React keeps the server's drawing, and what is typed or pressed
 * there meanwhile is held and replayed (lib/earlyInputScript.ts). Once asked for, the host stays,
 * so it remembers which modal came before (the reset modal's Cancel depends on it).
 */
export function ModalHostLoader({ dressing }: { dressing?: AuthModals }) {
  const wanted = useSearchParams().get(MODAL_PARAM) !== null;
  const [asked, setAsked] = useState(wanted);
  if (wanted && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense
      fallback={
        <p role="status" className="visually-hidden">
          Loading…
        </p>
      }
    >
      <ModalHost dressing={dressing} />
    </Suspense>
  );
}
