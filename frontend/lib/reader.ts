import { headers } from 'next/headers';
import { UNION_HEADER } from './union';

/** The union this request is personalised for, as the proxy found it (query or cookie). */
export async function readerUnion(): Promise<string | undefined> {
  return (await headers()).get(UNION_HEADER) ?? undefined;
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
