import styles from './LoadMoreButton.module.css';

interface LoadMoreButtonProps {
  loading: boolean;
  onLoad: () => void;
}

/** The 'Load More' of paged lists (blog, search): busy while the next page loads. */
export function LoadMoreButton({ loading, onLoad }: LoadMoreButtonProps) {
  return (
    <div className={styles.more}>
      <button type="button" className={styles.button} onClick={onLoad} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading…' : 'Load More'}
      </button>
    </div>
  );
}
