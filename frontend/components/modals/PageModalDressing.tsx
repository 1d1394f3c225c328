'use client';

import { useLayoutEffect, useSyncExternalStore } from 'react';
import type { AuthModals } from '@/lib/bff/types';

// A benefit's own dressing of the login and signup modals (PageDocument.authModals, spec 1 §3
// 'Benefit'). The modals are drawn by ModalHost in the shell, which a layout renders once and
// keeps across navigations, so it cannot receive the page's document: the page hands its
// dressing over here while it is on screen, and takes it back when it leaves.
//
// Set only in the browser, after the page has mounted: the server's render (and the hydration
// that repeats it) shows the site's dressing. So a benefit page loaded with ?modal= already in
// its address draws the site's dressing until the page is live; every modal opened from the page
// (its gate, the header's buttons) shows the benefit's.

let current: AuthModals | undefined;
const listeners = new Set<() => void>();

function publish(dressing: AuthModals | undefined) {
  current = dressing;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The dressing of the page on screen, if it has its own. */
export function usePageDressing(): AuthModals | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
}

/** Rendered by a page that dresses the modals itself; draws nothing. */
export function PageModalDressing({ dressing }: { dressing: AuthModals }) {
  // A layout effect, so a page reached by a client navigation has its dressing before the
  // browser paints, and the page it replaced has taken its own back (cleanups run first).
  useLayoutEffect(() => {
    publish(dressing);
    return () => publish(undefined);
  }, [dressing]);
  return null;
}
