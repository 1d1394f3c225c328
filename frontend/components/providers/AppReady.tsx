'use client';

import { replayEarlyInput } from '@/lib/earlyInput';
import { useMutating } from '@/lib/query/live';
import { useHydrated } from '@/lib/useHydrated';
import { useSitePathname } from '@/lib/useSitePathname';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * The longest a route change may keep the app not ready: a click whose navigation never happens
 * (cancelled, or a link some handler stopped) must not leave sign-in links off for good.
 */
export const NAVIGATION_TIMEOUT_MS = 8000;

const Ready = createContext(false);

/**
 * Whether a route change (to another path) is under way: from the click on a same-site link, or
 * the browser's back and forward, until the new path renders. A change of the query alone (a
 * modal, a filter) is no route change.
 */
function useNavigating(): boolean {
  const pathname = useSitePathname();
  const [from, setFrom] = useState<string | null>(null);
  const [rendered, setRendered] = useState(pathname);

  useEffect(() => {
    const start = () => setFrom(window.location.pathname);
    // Capture: Next's Link cancels the click's default before it bubbles to the document.
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin === window.location.origin && url.pathname !== window.location.pathname) start();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', start);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', start);
    };
  }, []);

  // The new path has rendered (or the back button led to the same one): settled. Noted during
  // the render that shows it, so the new path's first paint is no longer navigating.
  if (pathname !== rendered) {
    setRendered(pathname);
    setFrom(null);
  }

  useEffect(() => {
    if (from === null) return;
    const timer = window.setTimeout(() => setFrom(null), NAVIGATION_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [from]);

  return from !== null;
}

/**
 * The app-wide ready flag of spec 1 §2: false until the page has hydrated, during route changes
 * and while tasks run (every write goes through useBffMutation, so a running mutation is a running
 * task). It is also written on <html data-app-ready>, for styles and for tests that wait for it.
 */
export function AppReadyProvider({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const tasks = useMutating();
  const navigating = useNavigating();
  const ready = hydrated && tasks === 0 && !navigating;
  // Handlers exist now: what the person did before them runs (lib/earlyInput.ts).
  useEffect(() => {
    if (hydrated) replayEarlyInput();
  }, [hydrated]);
  useEffect(() => {
    document.documentElement.dataset.appReady = String(ready);
  }, [ready]);
  return <Ready.Provider value={ready}>{children}</Ready.Provider>;
}

/** Whether the app is ready (AppReadyProvider); false outside one, as on the server. */
export function useAppReady(): boolean {
  return useContext(Ready);
}
