import type { BlogListDocument } from '@/lib/bff/types';
import { cardPost, type CardPost } from './BlogCard';

// Not in BlogPostList.tsx: the page's server component cuts the first page, and a client
// module's exports are only references on the server.

/**
 * A page of the list as the browser keeps it: its posts, cut to what their cards draw, and the
 * total. The rest of the list's document (categories, topics, months) is drawn by the server
 * around the list, so the page's payload does not carry it a second time as this one's props.
 */
export interface BlogListPage {
  posts: CardPost[];
  totalResults: number;
}

/** The part of a list's document that BlogPostList draws. */
export function blogListPage(doc: BlogListDocument): BlogListPage {
  return { posts: doc.posts.map(cardPost), totalResults: doc.totalResults };
}
