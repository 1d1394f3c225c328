// My Benefits' search and category filter, kept free of React so the rules can be tested alone.
// The union's benefits are some 35 cards: shown as one grid they were fifteen screens on a phone,
// so they come grouped by their category (the CMS's own), the groups in alphabetical order with
// hardship help last (it is a different kind of help, and the page kept it apart before), the
// cards of a group by title.
import type { BenefitCard, BenefitGroups } from '@/lib/bff/types';

/** The group of a hardship card whose benefit names no category. */
export const HARDSHIP_CATEGORY = 'Hardship Help';
/** The group of any other card whose benefit names no category. */
export const OTHER_CATEGORY = 'Other benefits';

/** A card with the group it is listed under. */
export interface ListedBenefit extends BenefitCard {
  category: string;
  hardship: boolean;
}

export interface BenefitCategory {
  name: string;
  /** How many of the union's benefits it holds, whatever the search says. */
  count: number;
}

export interface BenefitGroup {
  category: string;
  cards: ListedBenefit[];
}

/** What the member asked for: the words typed and the one category chosen (null: all). */
export interface BenefitFilter {
  query: string;
  category: string | null;
}

export const NO_FILTER: BenefitFilter = { query: '', category: null };

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });

/** Every card of the two groups the BFF sends, each with the category it is listed under. */
export function listBenefits({ other, hardship }: BenefitGroups): ListedBenefit[] {
  return [
    ...other.map((card) => ({ ...card, category: card.category || OTHER_CATEGORY, hardship: false })),
    ...hardship.map((card) => ({ ...card, category: card.category || HARDSHIP_CATEGORY, hardship: true })),
  ];
}

/** Hardship help after the rest, then by name. */
function categoryOrder(a: { name: string; hardship: boolean }, b: { name: string; hardship: boolean }): number {
  if (a.hardship !== b.hardship) return a.hardship ? 1 : -1;
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
}

/** The categories the cards fall in, in the order the groups are shown, with their sizes. */
export function benefitCategories(cards: ListedBenefit[]): BenefitCategory[] {
  const found = new Map<string, { name: string; hardship: boolean; count: number }>();
  for (const card of cards) {
    const entry = found.get(card.category) ?? { name: card.category, hardship: card.hardship, count: 0 };
    entry.count += 1;
    found.set(card.category, entry);
  }
  return [...found.values()].sort(categoryOrder).map(({ name, count }) => ({ name, count }));
}

/** Lower case without accents, so 'cafe' finds 'Café'. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('en');
}

/** The words of a search; every one must appear in a card's title or summary. */
function searchWords(query: string): string[] {
  return folded(query).split(/\s+/).filter(Boolean);
}

/** The longest search kept, from the address or the box (the box's own maxLength). */
export const MAX_QUERY = 100;

/**
 * The address's names for the filter (`?q=` the words, `?category=` the one category). The page
 * keeps the filter there, so Back from a benefit, a reload or a shared link shows the list as the
 * member left it.
 */
export const FILTER_PARAMS = { query: 'q', category: 'category' } as const;

/** The filter an address asks for; a category the union has none of is no category. */
export function filterFromParams(params: URLSearchParams, categories: BenefitCategory[]): BenefitFilter {
  const category = params.get(FILTER_PARAMS.category);
  return {
    query: (params.get(FILTER_PARAMS.query) ?? '').slice(0, MAX_QUERY),
    category: categories.some((c) => c.name === category) ? category : null,
  };
}

/** The address's other parameters with the filter's: none for words left blank or all categories. */
export function paramsWithFilter(params: URLSearchParams, filter: BenefitFilter): URLSearchParams {
  const out = new URLSearchParams(params);
  out.delete(FILTER_PARAMS.query);
  out.delete(FILTER_PARAMS.category);
  if (filter.query.trim()) out.set(FILTER_PARAMS.query, filter.query);
  if (filter.category !== null) out.set(FILTER_PARAMS.category, filter.category);
  return out;
}

/** Whether a filter narrows the list at all. */
export function isFiltered(filter: BenefitFilter): boolean {
  return filter.category !== null || searchWords(filter.query).length > 0;
}

/** The cards the filter lets through, in their given order. */
export function filterBenefits(cards: ListedBenefit[], filter: BenefitFilter): ListedBenefit[] {
  const words = searchWords(filter.query);
  return cards.filter((card) => {
    if (filter.category !== null && card.category !== filter.category) return false;
    if (words.length === 0) return true;
    const text = folded(`${card.title} ${card.teaser ?? ''}`);
    return words.every((word) => text.includes(word));
  });
}

/** The cards grouped by category, in the order of benefitCategories, each group by title. */
export function groupBenefits(cards: ListedBenefit[]): BenefitGroup[] {
  const groups = new Map<string, ListedBenefit[]>();
  for (const card of cards) groups.set(card.category, [...(groups.get(card.category) ?? []), card]);
  return benefitCategories(cards).map(({ name }) => ({ category: name, cards: [...groups.get(name)!].sort(byTitle) }));
}

/** What the live region says about the list shown. */
export function resultSummary(shown: number, total: number): string {
  if (shown === total) return `${total} ${total === 1 ? 'benefit' : 'benefits'}`;
  return `Showing ${shown} of ${total} benefits`;
}

/** What the list says when nothing is left, naming what was asked for. */
export function noMatchMessage(filter: BenefitFilter): string {
  const query = filter.query.trim();
  if (query && filter.category) return `No benefits in ${filter.category} match “${query}”.`;
  if (query) return `No benefits match “${query}”.`;
  return filter.category ? `There are no benefits in ${filter.category}.` : 'There are no benefits to show.';
}
