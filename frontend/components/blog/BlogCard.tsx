import NextLink from 'next/link';
import type { PostTeaser } from '@/lib/bff/types';
import { formatDisplayDate } from '@/lib/dates';
import styles from './blog.module.css';

/** A post in a list: category link, title, date and a read-more link (spec 1 §2). */
export function BlogCard({ post }: { post: PostTeaser }) {
  return (
    <article className={styles.card}>
      <p className={styles.cardCategory}>
        <NextLink href={post.category.url}>{post.category.name}</NextLink>
      </p>
      <h2 className={styles.cardTitle}>
        <NextLink href={post.url}>{post.title}</NextLink>
      </h2>
      <p className={styles.cardDate}>
        <time dateTime={post.date}>{formatDisplayDate(post.date)}</time>
      </p>
      <NextLink href={post.url} className={styles.readMore}>
        Read more<span className="visually-hidden">: {post.title}</span>
        <span aria-hidden="true"> →</span>
      </NextLink>
    </article>
  );
}
