import styles from './PreviewBanner.module.css';

interface PreviewBannerProps {
  /** The site path of the page previewed: 'Exit preview' returns to its published version. */
  path: string;
  revision: string;
}

/**
 * Says, on every draft an editor previews, that this is not what readers see yet, and offers the
 * way out. 'Exit preview' is a plain link: it is a route handler, not a page to prefetch.
 */
export function PreviewBanner({ path, revision }: PreviewBannerProps) {
  return (
    <aside className={styles.banner} aria-label="Preview">
      <p className={styles.text}>
        <strong className={styles.label}>Preview</strong>
        <span>
          You are viewing an unpublished draft (revision {revision}). Readers still see the published page.
        </span>
      </p>
      <a className={styles.exit} href={`/api/preview/exit?${new URLSearchParams({ path })}`}>
        Exit preview
      </a>
    </aside>
  );
}
