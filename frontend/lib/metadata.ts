import type { Metadata } from 'next';
import type { PageMeta } from './bff/types';

// The og:type values Next's metadata knows; the CMS may name another, which goes out as written.
const OG_TYPES = ['article', 'book', 'profile', 'website'] as const;
type OgType = (typeof OG_TYPES)[number];
const isOgType = (t: string | undefined): t is OgType => OG_TYPES.includes(t as OgType);

// The og_* tags Next's openGraph names; every other one is written as it is named (og_updated_time
// as og:updated_time, og_video_width as og:video:width).
const OG_FIELDS = new Set(['title', 'description', 'url', 'type', 'site_name', 'locale', 'image_alt']);
const ogName = (name: string) => `og:${name.replace(/^(image|video|audio)_/, '$1:')}`;

/**
 * Head tags from the BFF's page meta (spec 1 §3 'Page metadata'); its title is complete already,
 * so no site template. Relative URLs (the BFF strips the CMS's host) resolve on this site's origin.
 */
export function toMetadata(meta: PageMeta): Metadata {
  const og = meta.openGraph ?? {};
  const images = meta.image ? [{ url: meta.image, alt: og.image_alt }] : undefined;
  const title = og.title ?? meta.title;
  const description = og.description ?? meta.description;
  const other: Record<string, string> = {};
  if (meta.abstract) other.abstract = meta.abstract;
  if (meta.newsKeywords) other.news_keywords = meta.newsKeywords;
  for (const [name, value] of Object.entries(og)) {
    if (!OG_FIELDS.has(name) || (name === 'type' && !isOgType(value))) other[ogName(name)] = value;
  }
  return {
    title: { absolute: meta.title },
    description: meta.description,
    keywords: meta.keywords,
    alternates: meta.canonicalUrl ? { canonical: meta.canonicalUrl } : undefined,
    robots: meta.robots,
    openGraph: {
      title,
      description,
      url: og.url ?? meta.canonicalUrl,
      siteName: og.site_name,
      locale: og.locale,
      ...(isOgType(og.type) ? { type: og.type } : {}),
      images,
    },
    twitter: {
      card: images ? 'summary_large_image' : 'summary',
      title,
      description,
      images,
    },
    other: Object.keys(other).length > 0 ? other : undefined,
  };
}

/** The site-wide head: the product's name as the title template, and the origin URLs resolve on. */
export function siteMetadata(productName: string | undefined, origin: URL | undefined): Metadata {
  return {
    metadataBase: origin,
    title: productName ? { default: productName, template: `%s | ${productName}` } : undefined,
    applicationName: productName,
    openGraph: productName ? { siteName: productName, type: 'website' } : undefined,
  };
}
