import NextLink from 'next/link';
import type { PostDetail } from '@/lib/bff/types';
import { formatDisplayDate } from '@/lib/dates';
import { RichText } from '@/components/common/RichText';
import { CmsImage } from '@/components/common/CmsImage';
import { ShareControl } from './ShareControl';
import styles from './blog.module.css';

interface BlogPostViewProps {
  post: PostDetail;
  /** The post's absolute URL, for the share links. */
  shareUrl: string;
  /** The site chrome's productName: what is shared when a post has no title. */
  productName: string;
}

/** A whole post: eyebrow, title, byline, intro, image, body, benefit promo, disclaimer, Share. */
export function BlogPostView({ post, shareUrl, productName }: BlogPostViewProps) {
  return (
    <article className={styles.post}>
      <header className={styles.postHeader}>
        <p className={styles.eyebrow}>
          <NextLink href={post.category.url}>{post.category.name}</NextLink>
        </p>
        <h1 className={styles.postTitle}>{post.title}</h1>
        <p className={styles.byline}>
          {post.author && <span className={styles.author}>By {post.author}</span>}
          <time dateTime={post.date}>{formatDisplayDate(post.date)}</time>
        </p>
        {post.details && <p className={styles.intro}>{post.details}</p>}
      </header>
      {post.image && (
        // CMS images come sized in the 750w style.
        <CmsImage image={post.image} className={styles.postImage} fallbackSize={[750, 450]} />
      )}
      <RichText html={post.html} className={styles.body} />
      {post.benefitPromo && (
        <aside className={styles.promo} aria-label="Related benefit">
          <p className={styles.promoEyebrow}>Member benefit</p>
          <p className={styles.promoTitle}>{post.benefitPromo.title}</p>
          {post.benefitPromo.description && <p>{post.benefitPromo.description}</p>}
          <NextLink href={post.benefitPromo.url} className={styles.promoLink}>
            {post.benefitPromo.linkText}
            <span aria-hidden="true"> →</span>
          </NextLink>
        </aside>
      )}
      {post.disclaimer && <RichText html={post.disclaimer} className={styles.disclaimer} />}
      <ShareControl title={post.title} url={shareUrl} productName={productName} />
    </article>
  );
}
