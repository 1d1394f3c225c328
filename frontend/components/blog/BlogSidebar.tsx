import NextLink from 'next/link';
import type { BlogCategoryRef, EmailPromo, PostTeaser } from '@/lib/bff/types';
import { formatDisplayDate } from '@/lib/dates';
import { BlogSidebarSubscribe } from './BlogSidebarSubscribe';
import styles from './blog.module.css';

interface BlogSidebarProps {
  /** Already sorted by weight by the BFF. */
  categories: BlogCategoryRef[];
  popular: PostTeaser[];
  current?: string;
  /** The site's email promo, the subscribe block's words; ours when absent. */
  emailPromo?: EmailPromo;
}

/** The post page's sidebar: Categories, 'Popular Post' and the email subscribe slot. */
export function BlogSidebar({ categories, popular, current, emailPromo }: BlogSidebarProps) {
  return (
    <aside className={styles.sidebar} aria-label="Blog">
      <nav aria-labelledby="blog-categories" className={styles.sideSection}>
        <h2 id="blog-categories" className={styles.sideHeading}>
          Categories
        </h2>
        <ul className={styles.sideList}>
          {categories.map((c) => (
            <li key={c.id}>
              <NextLink href={c.url} aria-current={c.id === current ? 'true' : undefined}>
                {c.name}
              </NextLink>
            </li>
          ))}
        </ul>
      </nav>
      {popular.length > 0 && (
        <section aria-labelledby="blog-popular" className={styles.sideSection}>
          <h2 id="blog-popular" className={styles.sideHeading}>
            Popular Post
          </h2>
          <ol className={styles.popular}>
            {popular.map((p) => (
              <li key={p.id}>
                <NextLink href={p.url}>{p.title}</NextLink>
                <time dateTime={p.date}>{formatDisplayDate(p.date)}</time>
              </li>
            ))}
          </ol>
        </section>
      )}
      <BlogSidebarSubscribe promo={emailPromo} />
    </aside>
  );
}
