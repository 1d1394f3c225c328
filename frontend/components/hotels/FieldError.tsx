import styles from './HotelSearch.module.css';

/** A search field's error under it, with the id the field's control is described by. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className={styles.error}>
      {error}
    </p>
  );
}
