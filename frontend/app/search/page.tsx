import type { Metadata } from 'next';
import { getSearch } from '@/lib/bff/blog';
import { toSearchType } from '@/lib/bff/blogTypes';
import { SearchScreen } from '@/components/search/SearchScreen';
import styles from '@/components/blog/blog.module.css';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function first(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

export const metadata: Metadata = {
  title: 'Search',
  robots: { index: false, follow: true },
};

/** The search screen: the first page renders on the server for the URL's term; the rest is live. */
export default async function SearchPage({ searchParams }: Props) {
  const sp = await searchParams;
  const q = first(sp.q).trim().replace(/\s+/g, ' ');
  const type = toSearchType(first(sp.type));
  const initial = q ? await getSearch(q, type) : null;
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>Search</h1>
      </header>
      <SearchScreen initial={initial} />
    </div>
  );
}
