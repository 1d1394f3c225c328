'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import styles from './NavigationProgress.module.css';

/** How long a navigation may show as loading before the bar gives up (a failed or cancelled move). */
const GIVE_UP_MS = 15_000;

type State = 'idle' | 'loading' | 'done';

/**
 * A thin bar across the top of the window while the next page is on its way, so a page or tab that
 * takes a while to render never looks frozen after a click. It starts on a click on a link to
 * another address of this site (or Back and Forward) and finishes when the address the page shows
 * changes. It appears only after a short delay (CSS), so a fast move shows nothing. Pages that
 * stream show their own spinners besides (LoadingIndicator); this bar covers the wait before the
 * first byte, which no `loading.tsx` can without sending a missing page as 200 (README).
 */
export function NavigationProgress() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const shown = `${pathname}?${search}`;
  const shownRef = useRef(shown);
  // `from` is the address shown when the move started.
  const [{ state, from }, setNav] = useState<{ state: State; from: string }>({ state: 'idle', from: shown });
  const setState = (next: State) => setNav({ state: next, from: shownRef.current });

  // The address changed: whatever was loading has arrived (adjusted while rendering, not in an
  // effect, so the bar never shows a frame of the old state).
  if (state === 'loading' && from !== shown) setNav({ state: 'done', from: shown });

  useEffect(() => {
    shownRef.current = shown;
  }, [shown]);

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setNav((n) => ({ ...n, state: 'idle' })), state === 'done' ? 400 : GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    const leaves = (url: URL) => url.origin === window.location.origin && `${url.pathname}?${url.searchParams}` !== shownRef.current;
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      if (leaves(new URL(link.href, window.location.href))) setState('loading');
    };
    const onPopState = () => {
      if (leaves(new URL(window.location.href))) setState('loading');
    };
    // On the window, as the click bubbles out: a click something on the way took over (the union
    // picker stops a union page's link) never gets this far and starts no bar.
    window.addEventListener('click', onClick);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPopState);
    };
  }, []);

  return <div className={styles.bar} data-state={state} aria-hidden="true" data-testid="navigation-progress" />;
}
