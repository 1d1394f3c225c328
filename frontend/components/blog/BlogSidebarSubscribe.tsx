import styles from './blog.module.css';

/**
 * The 'Blog Sidebar' email subscribe slot (spec 1 §2). A placeholder card for now: the accounts
 * work wires the real sign-up form here, and hides it for members already subscribed.
 */
export function BlogSidebarSubscribe() {
  return (
    <section className={styles.subscribe} aria-labelledby="blog-subscribe" data-slot="blog-sidebar-subscribe">
      <h2 id="blog-subscribe" className={styles.sideHeading}>
        Get tips in your inbox
      </h2>
      <p>Money tips, health advice and union news for working families, once a month.</p>
    </section>
  );
}
