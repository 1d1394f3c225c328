import { describe, expect, it } from 'vitest';
import { toMetadata } from '@/lib/metadata';

// Spec 1 §3 'Page metadata': abstract, keywords, news_keywords and the og fields reach the head.
describe('toMetadata', () => {
  it('carries keywords, abstract, news keywords and the open graph tags', () => {
    const m = toMetadata({
      title: 'Insurance | Union Benefits',
      description: 'Insurance for members.',
      canonicalUrl: '/insurance',
      image: 'https://cms.example.org/i.svg',
      abstract: 'Member rates.',
      keywords: 'insurance, life',
      newsKeywords: 'insurance',
      openGraph: { title: 'Insurance for union families', type: 'website', url: '/insurance', image_alt: 'A family', updated_time: '2026-11-01' },
    });
    expect(m.keywords).toBe('insurance, life');
    expect(m.other).toEqual({ abstract: 'Member rates.', news_keywords: 'insurance', 'og:updated_time': '2026-11-01' });
    expect(m.openGraph).toMatchObject({
      title: 'Insurance for union families',
      description: 'Insurance for members.',
      type: 'website',
      url: '/insurance',
      images: [{ url: 'https://cms.example.org/i.svg', alt: 'A family' }],
    });
    expect(m.title).toEqual({ absolute: 'Insurance | Union Benefits' });
  });

  it('falls back to the page title and description without og tags', () => {
    const m = toMetadata({ title: 'About | Union Benefits', description: 'Who we are.' });
    expect(m.openGraph).toMatchObject({ title: 'About | Union Benefits', description: 'Who we are.' });
    expect(m.other).toBeUndefined();
    expect(m.keywords).toBeUndefined();
  });
});
