import type { Metadata } from 'next';
import { getSearch } from '@/lib/bff/server';
import { firstParam, type SearchParams } from '@/lib/request';
import { QueryScope } from '@/lib/query/QueryScope';
import { toSearchType } from '@/components/search/searchTypes';
import { SearchScreen } from '@/components/search/SearchScreen';
import styles from '@/components/blog/blog.module.css';

type Props = { searchParams: SearchParams };

export const metadata: Metadata = {
  title: 'Search',
  robots: { index: false, follow: true },
};

/** The search screen: the first page renders on the server for the URL's term; the rest is live. */
export default async function SearchPage({ searchParams }: Props) {
  const sp = await searchParams;
  const q = (firstParam(sp.q) ?? '').trim().replace(/\s+/g, ' ');
  const type = toSearchType(firstParam(sp.type));
  const initial = q ? await getSearch(q, type) : null;
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>Search</h1>
      </header>
      <QueryScope>
        <SearchScreen initial={initial} />
      </QueryScope>
    </div>
  );
}
