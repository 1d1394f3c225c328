import { pagesOf, type MenuLink } from './priorityNav';

/** Whether a menu entry, or anything below it, is the page being shown; drives aria-current. */
export function isInTrail(item: MenuLink, pathname: string): boolean {
  if (item.url === pathname) return true;
  return pagesOf(item).some((child) => isInTrail(child, pathname));
}
