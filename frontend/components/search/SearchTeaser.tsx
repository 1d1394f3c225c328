import NextLink from 'next/link';
import type { SearchResult } from '@/lib/bff/types';
import styles from './search.module.css';

/**
 * One search result (spec 1 §2): image, category name, type, title linked to its path, summary,
 * hero description, and a trail of parent page, chevron and title.
 */
export function SearchTeaser({ result }: { result: SearchResult }) {
  return (
    <article className={styles.teaser} data-type={result.type}>
      {result.image ? (
        // eslint-disable-next-line @next/next/no-img-element -- CMS images come sized in the 250x200 style
        <img className={styles.image} src={result.image.url} alt={result.image.alt} width={250} height={200} />
      ) : (
        <div className={styles.imagePlaceholder} aria-hidden="true" />
      )}
      <div className={styles.text}>
        <p className={styles.meta}>
          {result.categoryName && <span className={styles.category}>{result.categoryName}</span>}
          <span className={styles.type}>{result.typeLabel}</span>
        </p>
        <h3 className={styles.title}>
          <NextLink href={result.url}>{result.title}</NextLink>
        </h3>
        {result.summary && <p className={styles.summary}>{result.summary}</p>}
        {result.heroDescription && <p className={styles.hero}>{result.heroDescription}</p>}
        {result.parent && (
          <p className={styles.trail}>
            {result.parent.url ? <NextLink href={result.parent.url}>{result.parent.title}</NextLink> : result.parent.title}
            <span aria-hidden="true" className={styles.chevron}>
              ›
            </span>
            <span className="visually-hidden">, </span>
            <span>{result.title}</span>
          </p>
        )}
      </div>
    </article>
  );
}
