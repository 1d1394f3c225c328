import type { MetadataRoute } from 'next';
import { getSitemap } from '@/lib/bff/server';
import { requestOrigin } from '@/lib/request';

/** sitemap.xml: what the BFF says any visitor of any union may see, on this site's origin. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [{ entries }, origin] = await Promise.all([getSitemap(), requestOrigin()]);
  const base = origin?.origin ?? '';
  return entries.map((e) => ({
    url: `${base}${e.path}`,
    ...(e.lastModified ? { lastModified: e.lastModified } : {}),
  }));
}
