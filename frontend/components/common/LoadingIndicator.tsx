import styles from './LoadingIndicator.module.css';

/**
 * A spinner with a spoken "Loading…", for a segment's `loading.tsx` or for client-side fetching.
 * There is deliberately no root `app/loading.tsx`: its Suspense boundary makes Next flush the page
 * shell before the BFF answers, so a missing page would be sent as 200 instead of 404 (and an
 * upstream failure as 200 instead of 500), and without JavaScript the content would never appear.
 */
export function LoadingIndicator({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
