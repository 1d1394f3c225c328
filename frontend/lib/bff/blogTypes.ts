// Short names for the blog and search contract types (kept apart from types.ts, which the content
// pages share), so components never reach into schema.d.ts.
import type { components } from './schema';

type Schemas = components['schemas'];

export type BlogListDocument = Schemas['BlogListDocument'];
export type BlogPostDocument = Schemas['BlogPostDocument'];
export type BlogCategoryRef = Schemas['BlogCategoryRef'];
export type TopicRef = Schemas['TopicRef'];
export type ArchiveYear = Schemas['ArchiveYear'];
export type PostTeaser = Schemas['PostTeaser'];
export type PostDetail = Schemas['PostDetail'];
export type BenefitPromo = Schemas['BenefitPromo'];
export type SearchDocument = Schemas['SearchDocument'];
export type SearchResult = Schemas['SearchResult'];
export type SearchType = SearchDocument['type'];

/** The blog's default list, of every category (spec 1 §2). */
export const ALL_CATEGORIES = 'all-tips-updates';

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

/** The blog list's filters, as the URL and the BFF name them. */
export interface BlogFilters {
  date?: string;
  topic?: string;
}

/** A query string of the given parameters, leaving out those without a value. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') q.set(key, String(value));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function blogListPath(category: string, filters: BlogFilters & { offset?: number }): string {
  return `/api/v1/blog/${encodeURIComponent(category)}${queryString({ offset: filters.offset || undefined, date: filters.date, topic: filters.topic })}`;
}

export function searchPath(q: string, type: SearchType, page = 0): string {
  return `/api/v1/search${queryString({ q, type, page: page || undefined })}`;
}
