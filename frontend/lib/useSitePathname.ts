import { usePathname } from 'next/navigation';
import { sitePathOf } from './pageCacheRoute';

/**
 * usePathname as the reader sees it. A page served from the page cache renders on the server at
 * its internal path (/visitor/{union}/...) while the browser shows the address it asked for, so a
 * component that drew from usePathname would draw differently on each side (a hydration mismatch,
 * and a wrong 'current page' in the menus). Every component uses this instead.
 */
export function useSitePathname(): string {
  return sitePathOf(usePathname() ?? '/');
}
