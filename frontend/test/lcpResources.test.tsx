import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PostTeaser } from '@/lib/bff/types';
import { BlogCard } from '@/components/blog/BlogCard';
import { HeroVideo } from '@/components/heroes/HeroVideo';

// Issue 38, goal 3: the picture a phone's first paint shows largest (its Largest Contentful Paint)
// is asked for at once and early, never left for lazy loading.

const category = { id: 'money-tips', name: 'Money Tips', title: 'Money Tips', url: '/blog/money-tips' };
const post = (i: number): PostTeaser => ({
  id: String(i),
  title: `Post ${i}`,
  url: `/blog/money-tips/${i}`,
  date: '2026-03-05',
  category,
  image: { url: `/files/blog/${i}.svg`, alt: '', width: 750, height: 422 },
});

describe('the largest picture of the first paint', () => {
  it("fetches a blog list's first picture at once, at high priority, and the others lazily", () => {
    const first = render(<BlogCard post={post(1)} first />).container.querySelector('img');
    expect(first?.getAttribute('loading')).toBeNull();
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    const later = render(<BlogCard post={post(2)} />).container.querySelector('img');
    expect(later?.getAttribute('loading')).toBe('lazy');
    expect(later?.getAttribute('fetchpriority')).toBeNull();
  });

  it("asks for a hero video's poster from the page's head, at high priority", () => {
    const video = { url: '/files/home.webm', takeover: false, loop: true, fixedHeight: false, headlineBelow: false, hasAudio: false };
    const html = renderToString(
      <html lang="en">
        {/* eslint-disable-next-line @next/next/no-head-element -- a document of React's own, to see what it hoists into the head */}
        <head />
        <body>
          <HeroVideo video={video} poster="/files/home/hero.svg" />
        </body>
      </html>,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload" href="\/files\/home\/hero.svg" as="image" fetchPriority="high"\/>/);
  });
});

describe("a hero's background video", () => {
  it('is not in the HTML: the poster stands in until the page is live, then the video is asked for', () => {
    const video = { url: '/files/home.webm', takeover: false, loop: true, fixedHeight: false, headlineBelow: false, hasAudio: false };
    const html = renderToString(<HeroVideo video={video} poster="/files/home/hero.svg" />);
    expect(html).toContain('poster="/files/home/hero.svg"');
    expect(html).not.toContain('home.webm');
    const live = render(<HeroVideo video={video} poster="/files/home/hero.svg" />).container.querySelector('video');
    expect(live?.getAttribute('src')).toBe('/files/home.webm');
  });
});
