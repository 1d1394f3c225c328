// What the request being rendered asks for: the union the proxy resolved for the visitor, the
// origin it reached, and its search parameters. Server components only.
import { headers } from 'next/headers';
import { getPage } from './bff/server';
import type { PageResult } from './bff/types';
import { loadPreview } from './preview';
import { REQUEST_PATH_HEADER } from './returnTo';
import { UNION_HEADER } from './union';

/** The union this request is personalised for, as the proxy found it (query or cookie). */
export async function requestUnion(): Promise<string | undefined> {
  return (await headers()).get(UNION_HEADER) ?? undefined;
}

/** The path and query this request asked for, as the proxy saw it; null outside a page request. */
export async function requestPath(): Promise<string | null> {
  return (await headers()).get(REQUEST_PATH_HEADER);
}

/**
 * The origin this request reached. The BFF sends canonical URLs as paths (the spec's metatag
 * transform drops the CMS's host), so they resolve against whichever host serves the site.
 */
export async function requestOrigin(): Promise<URL | undefined> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host');
  if (!host) return undefined;
  const proto = h.get('x-forwarded-proto') ?? (host.startsWith('localhost') || host.startsWith('127.') ? 'http' : 'https');
  try {
    return new URL(`${proto}://${host}`);
  } catch {
    return undefined;
  }
}

/** A page's search parameters, as Next hands them to it. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a search parameter, or undefined when it is absent or empty. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/**
 * The page for a path, for this visitor; the BFF cleans the path and decides what lives there.
 * `?redirect_benefit=` asks for a benefit instead (spec 1 §7). An editor previewing this page
 * gets its draft instead (lib/preview.ts).
 */
export async function loadPage(path: string, searchParams: SearchParams): Promise<PageResult> {
  const union = await requestUnion();
  const draft = await loadPreview(path, union);
  if (draft) return draft;
  const benefit = (await searchParams).redirect_benefit;
  return getPage(path, union, typeof benefit === 'string' ? benefit : undefined);
}
