import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getBlogPost, getSite } from '@/lib/bff/server';
import { requestUnion } from '@/lib/request';
import { toMetadata } from '@/lib/metadata';
import { BlogPostView } from '@/components/blog/BlogPostView';
import { BlogSidebar } from '@/components/blog/BlogSidebar';
import styles from '@/components/blog/blog.module.css';

type Props = { params: Promise<{ category: string; id: string }> };

/** The absolute URL of a site path on the host this request reached, for the share links. */
async function absoluteUrl(path: string): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  const local = host.startsWith('localhost') || host.startsWith('127.');
  const proto = h.get('x-forwarded-proto') ?? (local ? 'http' : 'https');
  return `${proto}://${host}${path}`;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { category, id } = await params;
  const doc = await getBlogPost(category, id);
  return toMetadata(doc.meta);
}

/** One blog post with its sidebar. */
export default async function BlogPostPage({ params }: Props) {
  const { category, id } = await params;
  // The chrome is the layout's own read (the same request, so cache() answers it again); without
  // it (the layout has logged why) the post still shows, sharing its own title.
  const [doc, site] = await Promise.all([
    getBlogPost(category, id),
    getSite(await requestUnion()).catch(() => null),
  ]);
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.layout}>
        <BlogPostView post={doc.post} shareUrl={await absoluteUrl(doc.post.url)} productName={site?.productName ?? ''} />
        <BlogSidebar categories={doc.categories} popular={doc.popular} current={doc.post.category.id} emailPromo={doc.emailPromo} />
      </div>
    </div>
  );
}
