import type { EmailPromo } from '@/lib/bff/types';
import { CmsImage } from '@/components/common/CmsImage';
import { MailingPromo } from '@/components/mailing/MailingPromo';
import styles from './blog.module.css';

/** Our words for the block when the editors set no email promo. */
const OWN_WORDS: EmailPromo = {
  headline: 'Get tips in your inbox',
  description: 'Money tips, health advice and union news for working families, once a month.',
};

/**
 * The 'Blog Sidebar' email subscribe block (spec 1 §2): the mailing-list sign-up under the site's
 * email promo (union_structure_global's eyebrow, headline, description and image), hidden for
 * readers already subscribed.
 */
export function BlogSidebarSubscribe({ promo = OWN_WORDS }: { promo?: EmailPromo }) {
  return (
    <MailingPromo source="blog-sidebar" layout="stack" tone="dark" className={styles.subscribe} labelledBy="blog-subscribe">
      {/* Decorative: the headline says what the block is for. */}
      {promo.image && <CmsImage image={promo.image} alt="" className={styles.subscribeImage} loading="lazy" />}
      {promo.eyebrow && <p className={styles.subscribeEyebrow}>{promo.eyebrow}</p>}
      <h2 id="blog-subscribe" className={styles.sideHeading}>
        {promo.headline}
      </h2>
      {promo.description && <p className={styles.subscribeText}>{promo.description}</p>}
    </MailingPromo>
  );
}
