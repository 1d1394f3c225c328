'use client';

import { useSitePathname } from '@/lib/useSitePathname';
import { useEffect, useRef } from 'react';

/**
 * Spec 1 §2: after each transition the page starts at the top. Next already scrolls a changed
 * segment into view, which can stop short of the top when a layout sits above it; this makes it the
 * top of the document. A link to an anchor keeps its anchor, and the first load keeps the browser's
 * own restore. Scroll animations wait their 400 ms from here (see motion/Reveal).
 */
export function ScrollToTop() {
  const pathname = useSitePathname();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    if (window.location.hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
