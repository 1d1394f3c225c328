'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { AuthModals } from '@/lib/bff/types';
import { MODAL_PARAM } from '@/components/modals/modalParam';
import type { ModalHost as ModalHostComponent } from './ModalHost';

type Host = typeof ModalHostComponent;

/** The modals' code (login, sign-up, reset and their forms), loaded once, by the first page that needs it. */
let host: Promise<Host> | undefined;
function loadHost(): Promise<Host> {
  host ??= import('./ModalHost').then((module) => module.ModalHost);
  return host;
}

/**
 * The shell's modals (ModalHost), loaded when the address first asks for one (`?modal=`), not with
 * the page: most page views open none, and their forms are the biggest part of the shell. Nothing
 * can be lost while the code is on its way: what opens a modal is a link (ModalLink), which changes
 * the address and is a link whatever has loaded, and the modal's own fields do not exist until the
 * modal is drawn. Until then a status says it is loading. Once loaded, the host stays, so it
 * remembers which modal came before (the reset modal's Cancel depends on it).
 */
export function ModalHostLoader({ dressing }: { dressing?: AuthModals }) {
  const wanted = useSearchParams().get(MODAL_PARAM) !== null;
  const [Loaded, setLoaded] = useState<Host | null>(null);

  useEffect(() => {
    if (!wanted || Loaded) return;
    let current = true;
    void loadHost().then((loaded) => {
      if (current) setLoaded(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [wanted, Loaded]);

  if (Loaded) return <Loaded dressing={dressing} />;
  if (!wanted) return null;
  return (
    <p role="status" className="visually-hidden">
      Loading…
    </p>
  );
}
