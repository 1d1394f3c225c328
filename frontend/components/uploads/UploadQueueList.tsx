'use client';

import { formatFileSize, uploadMessage } from '@/lib/uploads';
import { canRemove, isRunning, percentSent, stateLabel, type QueueItem } from './queue';
import styles from './Uploads.module.css';

interface UploadQueueListProps {
  items: QueueItem[];
  onRemove: (id: string) => void;
  onCancel: (id: string) => void;
}

/**
 * The files of this block not yet submitted: name, size and state; an upload's progress, paused
 * or not, as a bar with its percent and the size sent ('4.2 MB of 20 MB'). Queued and failed files
 * have Remove, uploading and paused ones Cancel, uploaded ones nothing (they wait for Submit files).
 */
export function UploadQueueList({ items, onRemove, onCancel }: UploadQueueListProps) {
  if (items.length === 0) return null;
  return (
    <ul className={styles.queue} aria-label="Files to submit">
      {items.map((item) => (
        <li key={item.id} className={styles.item} data-testid="upload-item" data-state={item.state}>
          <div className={styles.itemHead}>
            <span className={styles.name}>{item.name}</span>
            <span className={styles.size}>{formatFileSize(item.size)}</span>
          </div>
          <div className={styles.itemState}>
            <span className={styles.stateLabel} data-state={item.state}>
              {stateLabel(item.state)}
            </span>
            {isRunning(item) && (
              <>
                <progress
                  className={styles.progress}
                  max={item.total || 1}
                  value={Math.min(item.sent, item.total || 1)}
                  aria-label={`${uploadMessage('uploading')} ${item.name}`}
                />
                <span className={styles.percent} aria-hidden="true">
                  {percentSent(item)}%
                </span>
                <span className={styles.sent} aria-hidden="true">
                  {formatFileSize(item.sent)} of {formatFileSize(item.total)}
                </span>
              </>
            )}
          </div>
          {item.state === 'failed' && item.error && <p className={styles.reason}>{item.error}</p>}
          {canRemove(item) && (
            <button type="button" className={styles.action} onClick={() => onRemove(item.id)}>
              {uploadMessage('remove')}
              <span className="visually-hidden"> {item.name}</span>
            </button>
          )}
          {isRunning(item) && (
            <button type="button" className={styles.action} onClick={() => onCancel(item.id)}>
              Cancel<span className="visually-hidden"> {item.name}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
