import NextLink from 'next/link';
import type { PostTeaser } from '@/lib/bff/types';
import { formatDisplayDate } from '@/lib/dates';
import styles from './blog.module.css';

/** What a card draws of a post: a list sends the browser no more of each (cardPost). */
export interface CardPost {
  id: PostTeaser['id'];
  url: PostTeaser['url'];
  title: PostTeaser['title'];
  date: PostTeaser['date'];
  excerpt?: PostTeaser['excerpt'];
  image?: { url: string };
  category: { url: string; name: string };
}

/** A post teaser cut to what its card draws. */
export function cardPost({ id, url, title, date, excerpt, image, category }: PostTeaser): CardPost {
  return {
    id,
    url,
    title,
    date,
    ...(excerpt ? { excerpt } : {}),
    ...(image ? { image: { url: image.url } } : {}),
    category: { url: category.url, name: category.name },
  };
}

/**
 * A post in a list: its picture, category link, title, date, the first words of its intro and a
 * read-more link (spec 1 §2). The picture is decoration beside the title, which says the same.
 * The list's first picture is the largest thing a phone shows at first (its Largest Contentful
 * Paint), so it is fetched at once and early (`first`); the others wait until they are near the
 * screen.
 */
export function BlogCard({ post, first = false }: { post: CardPost; first?: boolean }) {
  return (
    <article className={styles.card}>
      {post.image ? (
        // eslint-disable-next-line @next/next/no-img-element -- a CMS file in the card's style: the deployment runs no image optimizer
        <img
          className={styles.cardImage}
          src={post.image.url}
          alt=""
          {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
          decoding="async"
          width={750}
          height={422}
        />
      ) : (
        <div className={styles.cardImage} data-placeholder aria-hidden="true" />
      )}
      <p className={styles.cardCategory}>
        <NextLink href={post.category.url}>{post.category.name}</NextLink>
      </p>
      <h2 className={styles.cardTitle}>
        <NextLink href={post.url}>{post.title}</NextLink>
      </h2>
      <p className={styles.cardDate}>
        <time dateTime={post.date}>{formatDisplayDate(post.date)}</time>
      </p>
      {post.excerpt && <p className={styles.cardExcerpt}>{post.excerpt}</p>}
      <NextLink href={post.url} className={styles.readMore}>
        Read more<span className="visually-hidden">: {post.title}</span>
        <span aria-hidden="true"> →</span>
      </NextLink>
    </article>
  );
}
