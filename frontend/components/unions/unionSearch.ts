// The union picker's search (spec 1 §2): which unions a search names, and what its live region
// says of them. Apart from unionPages.ts, which every page's scripts carry (the picker's host asks
// whether a link goes to a union page), while this loads with the picker.
import type { VisibleUnion } from '@/lib/bff/types';

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
