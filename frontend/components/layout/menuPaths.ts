import type { MenuEntry } from './priorityNav';

/** Whether a menu entry, or anything below it, is the page being shown; drives aria-current. */
export function isInTrail(item: MenuEntry, pathname: string): boolean {
  if (item.url === pathname) return true;
  return item.children.some((child) => isInTrail(child, pathname));
}
