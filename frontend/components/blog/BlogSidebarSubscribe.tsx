import { MailingPromo } from '@/components/mailing/MailingPromo';
import styles from './blog.module.css';

/**
 * The 'Blog Sidebar' email subscribe block (spec 1 §2): the mailing-list sign-up, hidden for
 * readers already subscribed.
 */
export function BlogSidebarSubscribe() {
  return (
    <MailingPromo source="blog-sidebar" layout="stack" tone="dark" className={styles.subscribe} labelledBy="blog-subscribe">
      <h2 id="blog-subscribe" className={styles.sideHeading}>
        Get tips in your inbox
      </h2>
      <p className={styles.subscribeText}>Money tips, health advice and union news for working families, once a month.</p>
    </MailingPromo>
  );
}
