import buttons from '@/components/common/ButtonLink.module.css';
import styles from '@/components/forms/Form.module.css';

/** A dialog's Update and Cancel; Update is busy and disabled while the change runs. */
export function DialogActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className={styles.actions}>
      <button
        type="submit"
        className={`${buttons.button} ${buttons.primary} ${styles.button}`}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        Update
      </button>
      <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
