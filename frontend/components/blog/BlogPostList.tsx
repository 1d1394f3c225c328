'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import NextLink from 'next/link';
import type { BlogFilters } from '@/lib/bff/types';
import { fetchBlogPage } from '@/lib/bff/browser';
import { BlogCard } from './BlogCard';
import { blogListPage, type BlogListPage } from './blogListPage';
import styles from './blog.module.css';
import { LoadMoreButton } from '@/components/common/LoadMoreButton';

interface BlogPostListProps {
  category: string;
  filters: BlogFilters;
  /** The first page, rendered on the server; Load More fetches the rest in the browser. */
  initial: BlogListPage;
  /** The list without its topic and month filters, offered when a filtered list is empty. */
  clearHref?: string;
}

/** The cards of a blog list with 'Load More' (by 10) while fewer than total_results show. */
export function BlogPostList({ category, filters, initial, clearHref }: BlogPostListProps) {
  const query = useInfiniteQuery({
    queryKey: ['blog', category, filters.date ?? '', filters.topic ?? ''],
    queryFn: async ({ pageParam, signal }) => blogListPage(await fetchBlogPage(category, filters, pageParam, signal)),
    initialPageParam: 0,
    initialData: { pages: [initial], pageParams: [0] },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.posts.length, 0);
      // An empty page means the list shrank under us; stop rather than ask forever.
      return loaded < last.totalResults && last.posts.length > 0 ? loaded : undefined;
    },
  });

  // A post published between two pages shifts the list by one; show each post once.
  const posts = [...new Map(query.data.pages.flatMap((p) => p.posts).map((p) => [p.id, p])).values()];
  const total = query.data.pages.at(-1)?.totalResults ?? 0;

  if (posts.length === 0) {
    return (
      <div className={styles.empty}>
        <p>No Results</p>
        {clearHref && (
          <p className={styles.emptyActions}>
            <NextLink href={clearHref}>Clear the filters</NextLink> to see every post in this category.
          </p>
        )}
      </div>
    );
  }
  return (
    <div>
      <ul className={styles.cards} data-testid="blog-cards">
        {posts.map((post, index) => (
          <li key={post.id}>
            <BlogCard post={post} first={index === 0} />
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        Showing {posts.length} of {total} posts
      </p>
      {query.isFetchNextPageError && (
        <p className={styles.error} role="alert">
          More posts could not be loaded. Please try again.
        </p>
      )}
      {query.hasNextPage && (
        <LoadMoreButton loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      )}
    </div>
  );
}
