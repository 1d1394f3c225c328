import type { Metadata } from 'next';
import { getBlogList } from '@/lib/bff/server';
import { firstParam, type SearchParams } from '@/lib/request';
import { QueryScope } from '@/lib/query/QueryScope';
import { toMetadata } from '@/lib/metadata';
import { BlogCategoryLinks, BlogFilters } from '@/components/blog/BlogFilters';
import { BlogPostList } from '@/components/blog/BlogPostList';
import { blogListPage } from '@/components/blog/blogListPage';
import styles from '@/components/blog/blog.module.css';

type Props = {
  params: Promise<{ category: string }>;
  searchParams: SearchParams;
};

async function load({ params, searchParams }: Props) {
  const [{ category }, sp] = await Promise.all([params, searchParams]);
  const filters = { date: firstParam(sp.date), topic: firstParam(sp.topic) };
  return { category, filters, doc: await getBlogList(category, filters.date, filters.topic) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { doc } = await load(props);
  return toMetadata(doc.meta);
}

/** The blog list by category (all-tips-updates for every category), filtered by topic and month. */
export default async function BlogListPage(props: Props) {
  const { category, filters, doc } = await load(props);
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <p className={styles.kicker}>Tips &amp; Updates</p>
        <h1 className={styles.title}>{doc.category.title}</h1>
        <BlogCategoryLinks current={doc.category} categories={doc.categories} />
        {/* On phones the filters follow the list; this takes visitors straight to them. */}
        <a href="#blog-filters" className={styles.jump}>
          Filter by topic or month
        </a>
      </header>
      <div className={styles.layout}>
        {/* A key per filter set: a new filter starts a new list instead of appending to the old. */}
        <QueryScope>
          <BlogPostList
            key={`${category}|${filters.date ?? ''}|${filters.topic ?? ''}`}
            category={category}
            filters={filters}
            initial={blogListPage(doc)}
            clearHref={filters.date || filters.topic ? doc.category.url : undefined}
          />
        </QueryScope>
        <BlogFilters doc={doc} />
      </div>
    </div>
  );
}
