import type { MetadataRoute } from 'next';
import { requestOrigin } from '@/lib/request';

/** robots.txt: everything public may be crawled; account, search and the API may not. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = await requestOrigin();
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/account', '/api/', '/search', '/reset', '/login', '/error/'] },
    ...(origin ? { sitemap: `${origin.origin}/sitemap.xml` } : {}),
  };
}
