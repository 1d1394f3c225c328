'use client';

import { useSearchParams } from 'next/navigation';
import { useSitePathname } from '@/lib/useSitePathname';
import { useEffect, useRef } from 'react';
import { SECRET_PARAMS, SHELL_PARAMS } from './url';
import { UTM_KEYS, keepUtm, type UtmKey } from './utm';

const TITLE_WAIT_MS = 1000;
const TITLE_POLL_MS = 50;

export type PageViewEvent = { event: 'page_view'; path: string; title: string; priorityId?: number } & Record<UtmKey, string | undefined>;

/** The analytics priority ids of spec 1 §9: 7 for search, 942 for the account area. */
export const PRIORITY_IDS = { search: 7, account: 942 } as const;

/** The priority id a page view of this path carries, if any. */
export function priorityId(pathname: string): number | undefined {
  const first = pathname.split('/')[1];
  return first === 'search' || first === 'account' ? PRIORITY_IDS[first] : undefined;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * The address of a page for tracking: its path and query, without the shell's one-shot params
 * and without any secret a link carries (a reset link's oobCode and apiKey).
 */
export function trackedPath(pathname: string, params: URLSearchParams): string {
  const rest = new URLSearchParams(params);
  for (const key of [...SHELL_PARAMS, ...SECRET_PARAMS]) rest.delete(key);
  const query = rest.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Pushes a page_view to `window.dataLayer` on the first load and on every route change (spec 1 §2),
 * with the utm parameters of the session (spec 1 §9). Opening a modal or reading a message changes
 * only the shell's own parameters, which is not a new page.
 */
export function PageViewTracker() {
  const pathname = useSitePathname();
  const searchParams = useSearchParams();
  const path = trackedPath(pathname, new URLSearchParams(searchParams.toString()));
  const last = useRef<string | null>(null);
  const lastTitle = useRef<string | null>(null);

  useEffect(() => {
    if (last.current === path) return;
    const utm = keepUtm(sessionStore(), new URLSearchParams(path.split('?')[1] ?? ''));
    // Next commits the new page's <title> with the page or a moment after it (metadata may stream),
    // so wait briefly for a title that is not the previous page's; a page that truly shares its
    // title with the previous one is sent with it when the wait runs out.
    const started = Date.now();
    let timer = 0;
    const send = () => {
      const title = document.title;
      const settled = title !== '' && title !== lastTitle.current;
      if (!settled && Date.now() - started < TITLE_WAIT_MS) {
        timer = window.setTimeout(send, TITLE_POLL_MS);
        return;
      }
      // Marked here, not before: Strict Mode's second run of the effect must still send its event.
      last.current = path;
      lastTitle.current = title;
      const event = { event: 'page_view', path, title } as PageViewEvent;
      const priority = priorityId(path.split('?')[0]!);
      if (priority !== undefined) event.priorityId = priority;
      for (const key of UTM_KEYS) event[key] = utm[key];
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push(event);
    };
    timer = window.setTimeout(send, 0);
    return () => window.clearTimeout(timer);
  }, [path]);

  return null;
}
