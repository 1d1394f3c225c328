// The only code that talks to the BFF. Server-side: it reads the BFF's address from config.
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { config } from '../config';
import { sessionHeaders } from './session';
import type { PageResult, Problem, SiteChrome, Sitemap } from './types';

/** Cache tag of the site chrome; the BFF asks /api/revalidate to expire it when menus change. */
export const SITE_TAG = 'site';
/** The BFF already caches page documents; ours is a short safety net for the chrome only. */
const SITE_REVALIDATE_SECONDS = 300;

/** A BFF call that did not answer with a document: status 0 means it was unreachable. */
export class BffError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;

  constructor(message: string, status: number, problem?: Problem, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BffError';
    this.status = status;
    this.problem = problem;
  }
}

type BffRequestInit = Omit<RequestInit, 'headers'> & {
  headers?: Record<string, string>;
  next?: { revalidate?: number | false; tags?: string[] };
};

async function readProblem(res: Response): Promise<Problem | undefined> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return (await res.json()) as Problem;
  } catch {
    return undefined;
  }
}

/** GET a BFF document; other lib/bff modules (blog.ts) share it. */
export async function getJson<T>(path: string, init: BffRequestInit): Promise<T> {
  const url = `${config.bffUrl}${path}`;
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { ...init.headers, Accept: 'application/json' } });
  } catch (cause) {
    throw new BffError(`BFF unreachable: GET ${path}`, 0, undefined, { cause });
  }
  if (!res.ok) {
    const problem = await readProblem(res);
    const detail = problem?.title ? `: ${problem.title}` : '';
    throw new BffError(`BFF answered ${res.status} to GET ${path}${detail}`, res.status, problem);
  }
  return (await res.json()) as T;
}

/** A query string of the given parameters, leaving out those without a value. */
function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) q.set(key, value);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * The page document for a site path and the reader's union, or a redirect document when the
 * path lives elsewhere for them. Always fresh (the BFF caches and purges it), and memoised per
 * request so generateMetadata and the page share one call. A 404 becomes Next's not-found page;
 * anything else throws to the route's error boundary.
 */
export const getPage = cache(async (path: string, union?: string, redirectBenefit?: string): Promise<PageResult> => {
  try {
    return await getJson<PageResult>(`/api/v1/page${query({ path, union, redirect_benefit: redirectBenefit })}`, {
      cache: 'no-store',
      headers: await sessionHeaders(),
    });
  } catch (error) {
    if (error instanceof BffError && error.status === 404) notFound();
    throw error;
  }
});

/**
 * Header and footer content for the reader. A visitor's is cached under the `site` tag, per
 * union; a member's is shaped by their session, so it is never kept in a cache shared by readers.
 */
export const getSite = cache(async (union?: string): Promise<SiteChrome> => {
  const headers = await sessionHeaders();
  const path = `/api/v1/site${query({ union })}`;
  if (headers.Cookie) return getJson<SiteChrome>(path, { cache: 'no-store', headers });
  return getJson<SiteChrome>(path, { next: { revalidate: SITE_REVALIDATE_SECONDS, tags: [SITE_TAG] } });
});

/** The pages any visitor may see, for sitemap.xml. */
export function getSitemap(): Promise<Sitemap> {
  return getJson<Sitemap>('/api/v1/sitemap', { next: { revalidate: SITE_REVALIDATE_SECONDS, tags: [SITE_TAG] } });
}
