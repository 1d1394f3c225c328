import type { MenuItem } from '@/lib/bff/types';

/** Spec 3 §4: an item counts as fitting when at least 99% of it is inside the bar. */
export const VISIBLE_THRESHOLD = 0.99;

/**
 * A page of a menu section as the menu draws it. Every page's HTML carries the whole menu in
 * React's payload, so an entry holds what the browser's copy needs and nothing more: no id, and no
 * `children` when it has none.
 */
export interface MenuLink {
  title: string;
  url: string;
  children?: MenuLink[];
}

/** A top-level menu item; its id names its section's disclosure. */
export interface MenuEntry extends MenuLink {
  id: string;
}

/** An entry's pages (none for a link with no section). */
export const pagesOf = (entry: MenuLink): MenuLink[] => entry.children ?? [];

/**
 * The menu as the client component receives it (its props are written into the page): top-level
 * items in weight order, each item only with what is drawn.
 */
export function menuEntries(items: MenuItem[]): MenuEntry[] {
  const link = ({ title, url, children }: MenuItem): MenuLink =>
    children.length > 0 ? { title, url, children: children.map(link) } : { title, url };
  return sortByWeight(items).map((item) => ({ id: item.id, ...link(item) }));
}

/** Top-level items in the order the bar shows them: by weight, ties keeping the CMS order. */
export function sortByWeight(items: MenuItem[]): MenuItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.weight - b.item.weight || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * How many leading items the bar shows, given each item's natural width, the width the bar offers
 * and the width of the 'More' button. When every item fits, 'More' is not needed and takes no room;
 * otherwise the items that still fit next to 'More' stay and the rest go under it. Zero room (the
 * bar hidden below the desktop breakpoint) shows everything, so nothing is moved for no reason.
 */
export function visibleCount(
  widths: readonly number[],
  available: number,
  moreWidth: number,
  threshold: number = VISIBLE_THRESHOLD,
): number {
  if (available <= 0) return widths.length;
  const fitting = (room: number) => {
    let left = 0;
    for (let i = 0; i < widths.length; i++) {
      const width = widths[i] ?? 0;
      const shown = width === 0 ? 1 : Math.min(Math.max((room - left) / width, 0), 1);
      if (shown < threshold) return i;
      left += width;
    }
    return widths.length;
  };
  const all = fitting(available);
  if (all === widths.length) return all;
  return fitting(available - moreWidth);
}
