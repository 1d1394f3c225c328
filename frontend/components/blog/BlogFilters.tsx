import NextLink from 'next/link';
import type { ReactNode } from 'react';
import type { BlogCategoryRef, BlogListDocument } from '@/lib/bff/types';
import { queryString } from '@/lib/bff/urls';
import styles from './blog.module.css';

/**
 * The list's sidebar filters by topic and by archive month. They are links, so a filtered list
 * has its own URL to share and reload, and they work before any JavaScript has loaded.
 */
export function BlogFilters({ doc }: { doc: BlogListDocument }) {
  const { date, topic } = doc.filters;
  const href = (f: { date?: string; topic?: string }) => `${doc.category.url}${queryString(f)}`;
  return (
    <nav id="blog-filters" className={styles.filters} aria-label="Filter posts">
      <section className={styles.filterGroup} aria-labelledby="blog-topics">
        <h2 id="blog-topics" className={styles.sideHeading}>
          Topics
        </h2>
        <ul className={styles.chips}>
          <li>
            <Chip href={href({ date })} current={!topic}>
              All topics
            </Chip>
          </li>
          {doc.topics.map((t) => (
            <li key={t.id}>
              <Chip href={href({ date, topic: t.id })} current={topic === t.id}>
                {t.name}
              </Chip>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.filterGroup} aria-labelledby="blog-archives">
        <h2 id="blog-archives" className={styles.sideHeading}>
          Archives
        </h2>
        <p>
          <Chip href={href({ topic })} current={!date}>
            All dates
          </Chip>
        </p>
        {doc.archives.map((year) => (
          <div key={year.year} className={styles.archiveYear}>
            <h3 className={styles.archiveHeading}>{year.year}</h3>
            <ul className={styles.chips}>
              {year.months.map((m) => (
                <li key={m.value}>
                  <Chip href={href({ topic, date: m.value })} current={date === m.value}>
                    {/* Short on screen, whole when spoken: "March 2026, 2 posts". */}
                    <span aria-hidden="true">{m.label.slice(0, 3)}</span>
                    <span className="visually-hidden">
                      {m.label} {year.year},
                    </span>{' '}
                    <span className={styles.count}>
                      {m.count}
                      <span className="visually-hidden"> {m.count === 1 ? 'post' : 'posts'}</span>
                    </span>
                  </Chip>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </nav>
  );
}

/** The list of every category's posts (the BFF's `all-tips-updates`). */
const ALL_POSTS = { id: 'all-tips-updates', name: 'All', url: '/blog/all-tips-updates' };

/**
 * The list's categories under its title, every one a link to its own list (the sidebar of a post
 * lists them too), the current one marked; "All" first unless the CMS lists it.
 */
export function BlogCategoryLinks({ current, categories }: { current: BlogCategoryRef; categories: BlogCategoryRef[] }) {
  const all = categories.some((c) => c.id === ALL_POSTS.id) ? [] : [ALL_POSTS];
  return (
    <nav aria-label="Blog categories">
      <ul className={styles.categories}>
        {[...all, ...categories].map((c) => (
          <li key={c.id}>
            <Chip href={c.url} current={c.id === current.id}>
              {c.name}
            </Chip>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One filter: a link to the list filtered so, marked current while it is. */
function Chip({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <NextLink href={href} className={styles.chip} aria-current={current ? 'true' : undefined}>
      {children}
    </NextLink>
  );
}
