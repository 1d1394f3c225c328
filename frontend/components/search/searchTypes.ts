import type { SearchType } from '@/lib/bff/types';

/** The 'Browse by' choices of the search screen, in the order they show. */
export const SEARCH_TYPES: { value: SearchType; label: string }[] = [
  { value: 'all', label: 'All Results' },
  { value: 'benefits', label: 'Benefits + Discounts' },
  { value: 'blogpost', label: 'Advice' },
];

/** A 'Browse by' value from a URL; anything unknown is all (spec 1 §8: unknown types are ignored). */
export function toSearchType(v: string | null | undefined): SearchType {
  return SEARCH_TYPES.some((t) => t.value === v) ? (v as SearchType) : 'all';
}
