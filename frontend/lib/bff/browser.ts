// The browser's calls to the BFF (Load More, search as you change it). They go to this site's own
// /api/v1, which Next forwards to the BFF, so this module must not import the server config.
import {
  blogListPath,
  searchPath,
  type BlogFilters,
  type BlogListDocument,
  type SearchDocument,
  type SearchType,
} from './blogTypes';

/** A browser call that failed; status 0 means the network failed. */
export class FetchError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'FetchError';
    this.status = status;
  }
}

async function fetchJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { Accept: 'application/json' }, signal });
  } catch {
    throw new FetchError(`network error: GET ${path}`, 0);
  }
  if (!res.ok) throw new FetchError(`GET ${path}: ${res.status}`, res.status);
  return (await res.json()) as T;
}

export function fetchBlogPage(category: string, filters: BlogFilters, offset: number, signal?: AbortSignal) {
  return fetchJson<BlogListDocument>(blogListPath(category, { ...filters, offset }), signal);
}

export function fetchSearchPage(q: string, type: SearchType, page: number, signal?: AbortSignal) {
  return fetchJson<SearchDocument>(searchPath(q, type, page), signal);
}
