import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlogListDocument, PostDetail, PostTeaser, SearchResult } from '@/lib/bff/types';
import * as bffPath from '@/lib/bff/urls';
import { toSearchType } from '@/components/search/searchTypes';
import { formatDisplayDate } from '@/lib/dates';
import { BlogCard } from '@/components/blog/BlogCard';
import { BlogPostList } from '@/components/blog/BlogPostList';
import { blogListPage } from '@/components/blog/blogListPage';
import { BlogPostView } from '@/components/blog/BlogPostView';
import { ShareControl } from '@/components/blog/ShareControl';
import { SearchTeaser } from '@/components/search/SearchTeaser';

const category = { id: 'money-tips', name: 'Money Tips', title: 'Money Tips for Union Families', url: '/blog/money-tips' };

function teaser(i: number): PostTeaser {
  return { id: String(5000 + i), title: `Post ${i}`, url: `/blog/money-tips/${5000 + i}`, date: '2026-03-05', category };
}

function listDoc(offset: number, count: number, total: number): BlogListDocument {
  return {
    category,
    categories: [category],
    topics: [],
    archives: [],
    filters: {},
    offset,
    limit: 10,
    totalResults: total,
    posts: Array.from({ length: count }, (_, i) => teaser(offset + i)),
    meta: { title: 'x' },
  };
}

function withQuery(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dates and paths', () => {
  it('shows dates as MMMM DD, YYYY', () => {
    expect(formatDisplayDate('2026-03-05')).toBe('March 05, 2026');
    expect(formatDisplayDate('2025-12-31')).toBe('December 31, 2025');
    expect(formatDisplayDate('soon')).toBe('soon');
  });

  it('builds the BFF paths, leaving out empty parameters', () => {
    expect(bffPath.blogList('money-tips', { offset: 0 })).toBe('/api/v1/blog/money-tips');
    expect(bffPath.blogList('all-tips-updates', { offset: 20, date: '2026-03', topic: '211' })).toBe(
      '/api/v1/blog/all-tips-updates?offset=20&date=2026-03&topic=211',
    );
    expect(bffPath.search('budget tips', 'blogpost', 2)).toBe('/api/v1/search?q=budget+tips&type=blogpost&page=2');
    expect(toSearchType('benefits')).toBe('benefits');
    expect(toSearchType('video')).toBe('all');
  });
});

describe('BlogCard', () => {
  it('links the category and the post, with the date', () => {
    render(<BlogCard post={teaser(1)} />);
    expect(screen.getByRole('link', { name: 'Money Tips' }).getAttribute('href')).toBe('/blog/money-tips');
    expect(screen.getByRole('link', { name: 'Post 1' }).getAttribute('href')).toBe('/blog/money-tips/5001');
    expect(screen.getByRole('link', { name: /^Read more/ }).getAttribute('href')).toBe('/blog/money-tips/5001');
    expect(screen.getByText('March 05, 2026').getAttribute('datetime')).toBe('2026-03-05');
  });
});

describe('blogListPage', () => {
  it("keeps what the list's cards draw, and none of what the server draws around the list", () => {
    const doc = listDoc(0, 2, 2);
    doc.posts[0] = {
      ...doc.posts[0],
      excerpt: 'The first words.',
      image: { url: 'https://cms.test/files/blog/a.svg', alt: 'A jar of coins', width: 750, height: 450 },
    };
    const page = blogListPage(doc);
    expect(page).toEqual({
      totalResults: 2,
      posts: [
        {
          id: '5000',
          url: '/blog/money-tips/5000',
          title: 'Post 0',
          date: '2026-03-05',
          excerpt: 'The first words.',
          image: { url: 'https://cms.test/files/blog/a.svg' },
          category: { url: '/blog/money-tips', name: 'Money Tips' },
        },
        { id: '5001', url: '/blog/money-tips/5001', title: 'Post 1', date: '2026-03-05', category: { url: '/blog/money-tips', name: 'Money Tips' } },
      ],
    });
    // The card drawn from the cut post is the card drawn from the whole one.
    const whole = render(<BlogCard post={doc.posts[0]} />).container.innerHTML;
    const cut = render(<BlogCard post={page.posts[0]} />).container.innerHTML;
    expect(cut).toBe(whole);
  });
});

describe('BlogPostList', () => {
  it('says No Results for an empty list', () => {
    render(withQuery(<BlogPostList category="money-tips" filters={{}} initial={blogListPage(listDoc(0, 0, 0))} />));
    expect(screen.getByText('No Results')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('loads more by offset until total_results, then hides the button', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
      return new Response(JSON.stringify(listDoc(offset, Math.min(10, 23 - offset), 23)), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(withQuery(<BlogPostList category="money-tips" filters={{ topic: '211' }} initial={blogListPage(listDoc(0, 10, 23))} />));
    const cards = () => within(screen.getByTestId('blog-cards')).getAllByRole('article');
    expect(cards()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/v1/blog/money-tips?offset=10&topic=211',
      '/api/v1/blog/money-tips?offset=20&topic=211',
    ]);
  });
});

describe('BlogPostView', () => {
  const post: PostDetail = {
    ...teaser(1),
    author: 'Dana Whitfield',
    details: 'The intro.',
    html: '<p>The body.</p>',
    disclaimer: '<p>Not advice.</p>',
    image: { url: 'https://cms/x.svg?750', alt: 'A notebook', width: 750, height: 450 },
    topics: [],
    benefitPromo: { title: 'Union Card', url: '/benefits/card', linkText: 'Learn about the card' },
  };

  it('shows every part of a post', () => {
    render(<BlogPostView post={post} shareUrl="http://site/blog/money-tips/5001" productName="Acme Member Perks" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Post 1');
    expect(screen.getByRole('link', { name: 'Money Tips' })).toBeTruthy();
    expect(screen.getByText('By Dana Whitfield')).toBeTruthy();
    expect(screen.getByText('March 05, 2026')).toBeTruthy();
    expect(screen.getByText('The intro.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A notebook' }).getAttribute('src')).toBe('https://cms/x.svg?750');
    expect(screen.getByText('The body.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Learn about the card/ }).getAttribute('href')).toBe('/benefits/card');
    expect(screen.getByText('Not advice.')).toBeTruthy();
    const share = screen.getByRole('list', { name: 'Share' });
    expect(within(share).getByRole('link', { name: /Twitter/ }).getAttribute('href')).toContain('text=Post%201');
  });

  it('leaves out the promo and image when the post has none', () => {
    render(
      <BlogPostView
        post={{ ...post, benefitPromo: undefined, image: undefined }}
        shareUrl="http://site/x"
        productName="Acme Member Perks"
      />,
    );
    expect(screen.queryByRole('complementary', { name: 'Related benefit' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('ShareControl', () => {
  const links = () => screen.getAllByRole('link');

  it('shares on Twitter, Facebook and by email by default, each with the title and URL', () => {
    render(<ShareControl title="Save & spend" url="http://site/blog/a/1" productName="Acme Member Perks" />);
    expect(screen.getByText('Share')).toBeTruthy();
    expect(links().map((a) => a.getAttribute('data-service'))).toEqual(['twitter', 'facebook', 'email']);
    expect(screen.queryByRole('link', { name: /LinkedIn/ })).toBeNull();
    const [twitter, facebook, email] = links();
    expect(twitter?.getAttribute('href')).toBe('https://twitter.com/intent/tweet?text=Save%20%26%20spend&url=http%3A%2F%2Fsite%2Fblog%2Fa%2F1');
    // Facebook gets the title too, not the URL alone.
    expect(facebook?.getAttribute('href')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=http%3A%2F%2Fsite%2Fblog%2Fa%2F1&quote=Save%20%26%20spend',
    );
    expect(email?.getAttribute('href')?.startsWith('mailto:?subject=Save%20%26%20spend&body=')).toBe(true);
  });

  it('shares the configured product name when there is no title, never a name of its own', () => {
    render(<ShareControl url="http://site/x" productName="Acme Member Perks" />);
    for (const link of links()) {
      expect(link.getAttribute('href')).toContain('Acme%20Member%20Perks');
      expect(link.getAttribute('href')).not.toContain('Union%20Benefits');
    }
  });

  it('adds LinkedIn only when asked', () => {
    render(<ShareControl title="T" url="http://site/x" productName="P" services={['linkedin', 'email']} />);
    expect(links().map((a) => a.getAttribute('data-service'))).toEqual(['linkedin', 'email']);
    expect(links()[0]?.getAttribute('href')).toBe('https://www.linkedin.com/shareArticle?mini=true&url=http%3A%2F%2Fsite%2Fx&title=T');
  });

  it('opens a 500x300 popup, falling back to the link when popups are blocked', () => {
    const popup = { opener: {} };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    render(<ShareControl title="T" url="http://site/x" productName="P" />);
    const facebook = screen.getByRole('link', { name: /Facebook/ });
    const clicked = fireEvent.click(facebook);
    expect(open).toHaveBeenCalledWith(facebook.getAttribute('href'), 'share', expect.stringMatching(/^width=500,height=300/));
    expect(clicked).toBe(false); // default prevented: no second tab
    expect(popup.opener).toBeNull();
    open.mockReturnValueOnce(null as never);
    expect(fireEvent.click(facebook)).toBe(true);
  });
});

describe('SearchTeaser', () => {
  it('shows category, type, title, summary, hero text and the parent trail', () => {
    const r: SearchResult = {
      type: 'post',
      typeLabel: 'Advice',
      id: '5512',
      title: '7 ways',
      url: '/blog/money-tips/5512',
      categoryName: 'Money Tips',
      summary: 'Payday tips.',
      heroDescription: 'Hero text.',
      parent: { title: 'Advice', url: '/blog/all-tips-updates' },
      image: { url: 'https://cms/x.svg?250', alt: 'Coins' },
    };
    render(<SearchTeaser result={r} />);
    expect(screen.getByRole('link', { name: '7 ways' }).getAttribute('href')).toBe('/blog/money-tips/5512');
    expect(screen.getByText('Money Tips')).toBeTruthy();
    expect(screen.getByText('Payday tips.')).toBeTruthy();
    expect(screen.getByText('Hero text.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Advice' }).getAttribute('href')).toBe('/blog/all-tips-updates');
    expect(screen.getByRole('img', { name: 'Coins' }).getAttribute('src')).toBe('https://cms/x.svg?250');
  });
});
