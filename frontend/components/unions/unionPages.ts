// The union pages (spec 1 §2): about one union each, so a visitor who has chosen none is asked to
// choose before going there, by the union picker or, without scripts, by the page itself.
import type { VisibleUnion } from '@/lib/bff/types';

/** The pages whose content is one union's: /union-member-benefits and /union-member-eligibility. */
export const UNION_PAGES = ['/union-member-benefits', '/union-member-eligibility'] as const;
export type UnionPage = (typeof UNION_PAGES)[number];

/** The union page a path is, or undefined for any other. */
export function unionPageOf(pathname: string): UnionPage | undefined {
  const path = pathname.replace(/\/+$/, '');
  return UNION_PAGES.find((page) => page === path);
}

/**
 * A union page for a union: `?union=` makes the proxy keep the choice in the visitor's cookie, so
 * every page after it is that union's too.
 */
export function unionPageHref(page: UnionPage, union: string): string {
  return `${page}?union=${encodeURIComponent(union)}`;
}

/** How a search and a union's words compare: case, accents and punctuation aside. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The unions a search names, best first: every word typed must begin a word of the union's label
 * (its name, then its short name in parentheses: 'Communications Workers of America (CWA)') or
 * appear inside it, or the search is the union's id. Unions whose words all begin with what was
 * typed ('comm work', 'cwa') come before those that only contain it ('orkers'); otherwise the
 * session's order (by weight) stands. An empty search lists them all. Dozens of unions filter in
 * well under a millisecond, so this runs on every keystroke.
 */
export function matchUnions(unions: readonly VisibleUnion[], search: string): VisibleUnion[] {
  const typed = fold(search).split(' ').filter(Boolean);
  if (typed.length === 0) return [...unions];
  const starts: VisibleUnion[] = [];
  const contains: VisibleUnion[] = [];
  for (const union of unions) {
    if (union.id === search.trim()) {
      starts.push(union);
      continue;
    }
    const words = fold(union.unionLabel).split(' ');
    const label = words.join(' ');
    if (typed.every((t) => words.some((w) => w.startsWith(t)))) starts.push(union);
    else if (typed.every((t) => label.includes(t))) contains.push(union);
  }
  return [...starts, ...contains];
}

/** What the picker's live region says of a search's matches. */
export function matchCount(count: number, searched: boolean): string {
  if (count === 0) return 'No union matches your search.';
  const unions = count === 1 ? '1 union' : `${count} unions`;
  return searched ? `${unions} ${count === 1 ? 'matches' : 'match'} your search.` : `${unions} to choose from.`;
}
