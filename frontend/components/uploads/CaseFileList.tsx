'use client';

import type { CaseFileEntry, SubmittedFile } from '@/lib/bff/types';
import { formatDisplayDate } from '@/lib/dates';
import { formatFileSize, uploadMessage } from '@/lib/uploads';
import styles from './Uploads.module.css';

interface CaseFileListProps {
  files: CaseFileEntry[];
  /** Names uploaded in this block and waiting to be submitted: not 'Failed to process', only not yet sent. */
  pending: ReadonlySet<string>;
  /** Submits a stored file that never joined the case (its Try again). */
  onRetry?: (file: SubmittedFile) => void;
  /** A submission is running: Try again waits for it. */
  busy: boolean;
}

/** 'Added {date}', 'Sending' or 'Failed to process' (spec 2 §4). */
export function fileStateText(entry: CaseFileEntry): string {
  if (entry.state === 'added') return uploadMessage('fileAdded', { date: entry.added ? formatDisplayDate(entry.added) : '' }).trim();
  if (entry.state === 'sending') return uploadMessage('fileSending');
  return uploadMessage('fileFailed');
}

/** Where a stored file is, when the BFF said so: what submitting it again sends. */
function stored(entry: CaseFileEntry): SubmittedFile | null {
  const { name, path, bucket, url } = entry;
  return path && bucket && url ? { name, path, bucket, url } : null;
}

/** The case's documents, each with its state; a file that failed to join the case can be tried again. */
export function CaseFileList({ files, pending, onRetry, busy }: CaseFileListProps) {
  const shown = files.filter((entry) => !(entry.state === 'failed' && pending.has(entry.name)));
  if (shown.length === 0) return <p className={styles.note}>{uploadMessage('noFiles')}</p>;
  return (
    <ul className={styles.files} aria-label="Documents of this case">
      {shown.map((entry) => {
        const again = entry.state === 'failed' ? stored(entry) : null;
        return (
          <li key={entry.name} className={styles.file} data-testid="case-file" data-state={entry.state}>
            <span className={styles.name}>{entry.name}</span>
            {entry.size !== undefined && <span className={styles.size}>{formatFileSize(entry.size)}</span>}
            <span className={styles.fileState} data-state={entry.state}>
              {fileStateText(entry)}
            </span>
            {again && onRetry && (
              <button type="button" className={styles.action} onClick={() => onRetry(again)} disabled={busy} aria-busy={busy || undefined}>
                Try again<span className="visually-hidden"> {entry.name}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
