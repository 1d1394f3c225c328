'use client';

import { useIsMutating } from '@tanstack/react-query';
import { replayEarlyInput } from '@/lib/earlyInput';
import { useHydrated } from '@/lib/useHydrated';
import { useSitePathname } from '@/lib/useSitePathname';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The longest a route change may keep the app not ready: a click whose navigation never happens
 * (cancelled, or a link some handler stopped) must not leave sign-in links off for good.
 */
export const NAVIGATION_TIMEOUT_MS = 8000;

/**
 * The flag, kept outside React's context on purpose. A context's new value reaches every part of
 * the page below its provider, and React cannot tell whether a part still waiting for its code
 * (lib/lazyPart.tsx) reads it: it gives up on keeping the server's drawing of such a part and draws
 * it again from nothing once the code arrives, dropping what was typed or pressed there. The flag
 * turns true as the page hydrates, the moment such parts are still on their way; a store reaches
 * only the components that read it.
 */
let readyNow = false;
const listeners = new Set<() => void>();
function setReady(ready: boolean) {
  if (ready === readyNow) return;
  readyNow = ready;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

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
  const tasks = useIsMutating();
  const navigating = useNavigating();
  const ready = hydrated && tasks === 0 && !navigating;
  // Handlers exist now: what the person did before them runs (lib/earlyInput.ts).
  useEffect(() => {
    if (hydrated) replayEarlyInput();
  }, [hydrated]);
  useEffect(() => {
    setReady(ready);
    document.documentElement.dataset.appReady = String(ready);
  }, [ready]);
  useEffect(() => () => setReady(false), []);
  return children;
}

/** Whether the app is ready (AppReadyProvider); false outside one, as on the server. */
export function useAppReady(): boolean {
  return useSyncExternalStore(subscribe, () => readyNow, () => false);
}
