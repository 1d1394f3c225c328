import { ShareLinks } from '@/components/share/ShareLinks';
import type { ShareService } from '@/components/share/share';
import styles from './blog.module.css';

interface ShareControlProps {
  /** What is shared; the product's name when absent (spec 1 "Social sharing"). */
  title?: string;
  /** The absolute URL to share. */
  url: string;
  /** The site chrome's productName. */
  productName: string;
  /** Twitter, Facebook and email unless the content asks for others (LinkedIn). */
  services?: readonly ShareService[];
}

/** The post's 'Share' control (spec 1 §2, Blog post): the label, then the share links. */
export function ShareControl({ title, url, productName, services }: ShareControlProps) {
  return (
    <div className={styles.share}>
      <span id="share-label" className={styles.shareLabel}>
        Share
      </span>
      <ShareLinks url={url} title={title} productName={productName} services={services} labelledBy="share-label" />
    </div>
  );
}
