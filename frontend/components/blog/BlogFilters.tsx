import NextLink from 'next/link';
import type { BlogListDocument } from '@/lib/bff/types';
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
            <NextLink href={href({ date })} className={styles.chip} aria-current={!topic ? 'true' : undefined}>
              All topics
            </NextLink>
          </li>
          {doc.topics.map((t) => (
            <li key={t.id}>
              <NextLink
                href={href({ date, topic: t.id })}
                className={styles.chip}
                aria-current={topic === t.id ? 'true' : undefined}
              >
                {t.name}
              </NextLink>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.filterGroup} aria-labelledby="blog-archives">
        <h2 id="blog-archives" className={styles.sideHeading}>
          Archives
        </h2>
        <p>
          <NextLink href={href({ topic })} className={styles.chip} aria-current={!date ? 'true' : undefined}>
            All dates
          </NextLink>
        </p>
        {doc.archives.map((year) => (
          <div key={year.year} className={styles.archiveYear}>
            <h3 className={styles.archiveHeading}>{year.year}</h3>
            <ul className={styles.chips}>
              {year.months.map((m) => (
                <li key={m.value}>
                  <NextLink
                    href={href({ topic, date: m.value })}
                    className={styles.chip}
                    aria-current={date === m.value ? 'true' : undefined}
                  >
                    {/* Short on screen, whole when spoken: "March 2026, 2 posts". */}
                    <span aria-hidden="true">{m.label.slice(0, 3)}</span>
                    <span className="visually-hidden">
                      {m.label} {year.year},
                    </span>{' '}
                    <span className={styles.count}>
                      {m.count}
                      <span className="visually-hidden"> {m.count === 1 ? 'post' : 'posts'}</span>
                    </span>
                  </NextLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </nav>
  );
}
