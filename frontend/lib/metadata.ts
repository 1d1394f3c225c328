import type { Metadata } from 'next';
import type { PageMeta } from './bff/types';

/** Head tags from the BFF's page meta; its title is complete already, so no site template. */
export function toMetadata(meta: PageMeta): Metadata {
  const images = meta.image ? [meta.image] : undefined;
  return {
    title: { absolute: meta.title },
    description: meta.description,
    alternates: meta.canonicalUrl ? { canonical: meta.canonicalUrl } : undefined,
    robots: meta.robots,
    openGraph: {
      title: meta.title,
      description: meta.description,
      url: meta.canonicalUrl,
      images,
    },
    twitter: {
      card: images ? 'summary_large_image' : 'summary',
      title: meta.title,
      description: meta.description,
      images,
    },
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
