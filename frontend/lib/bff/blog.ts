// Server-side calls for the blog and search screens; the browser's Load More calls are in browser.ts.
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { BffError, getJson } from './client';
import {
  blogListPath,
  searchPath,
  type BlogFilters,
  type BlogListDocument,
  type BlogPostDocument,
  type SearchDocument,
  type SearchType,
} from './blogTypes';

/** A 404 (unknown category or post) or 400 (a filter the BFF refuses) becomes the not-found page. */
function notFoundOn4xx(error: unknown): never {
  if (error instanceof BffError && (error.status === 404 || error.status === 400)) notFound();
  throw error;
}

/** The first page of a blog list; memoised per request for generateMetadata and the page. */
export const getBlogList = cache(async (category: string, date?: string, topic?: string): Promise<BlogListDocument> => {
  const filters: BlogFilters = { date, topic };
  try {
    return await getJson<BlogListDocument>(blogListPath(category, filters), { cache: 'no-store' });
  } catch (error) {
    notFoundOn4xx(error);
  }
});

export const getBlogPost = cache(async (category: string, id: string): Promise<BlogPostDocument> => {
  try {
    return await getJson<BlogPostDocument>(
      `/api/v1/blog/${encodeURIComponent(category)}/${encodeURIComponent(id)}`,
      { cache: 'no-store' },
    );
  } catch (error) {
    notFoundOn4xx(error);
  }
});

/** The first page of a search, or null when the BFF refuses the term (empty, too long). */
export async function getSearch(q: string, type: SearchType): Promise<SearchDocument | null> {
  try {
    return await getJson<SearchDocument>(searchPath(q, type), { cache: 'no-store' });
  } catch (error) {
    if (error instanceof BffError && error.status === 400) return null;
    throw error;
  }
}
