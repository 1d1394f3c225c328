'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { uploadsApi } from '@/lib/bff/browser';
import { caseFilesKey } from '@/lib/bff/queries';
import type { CaseFileList as CaseFiles, SubmittedFile } from '@/lib/bff/types';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { ACCEPT, submitFailure, uploadFailure, uploadMessage } from '@/lib/uploads';
import buttons from '@/components/common/ButtonLink.module.css';
import { CaseFileList } from './CaseFileList';
import { queueAnnouncements, submission, uploadedFiles, type QueueItem } from './queue';
import { UploadQueueList } from './UploadQueueList';
import { useCaseFiles } from './useCaseFiles';
import { useUploadQueue, type Uploader } from './useUploadQueue';
import styles from './Uploads.module.css';

export interface CaseUploadsProps {
  /** The case the documents belong to; without one the block only says so. */
  caseId: string;
  /** The support line quoted when an upload is refused as unauthorized. */
  supportPhone: string;
  /** Sends one file; uploadsApi.upload by default (tests give a stand-in). */
  upload?: Uploader;
}

/**
 * A case's supporting documents (spec 2 §2 'Case status block', §4, §5): the case's files with
 * their states, then the upload area. Files are checked as they are chosen or dropped (one that
 * fails never joins the queue; its message shows until dismissed), upload three at a time with
 * their progress, and join the case on 'Submit files'.
 */
export function CaseUploads({ caseId, supportPhone, upload }: CaseUploadsProps) {
  if (!caseId) {
    return (
      <p role="alert" className={styles.missing}>
        {uploadMessage('caseIdRequired')}
      </p>
    );
  }
  return <CaseUploadsArea caseId={caseId} supportPhone={supportPhone} upload={upload} />;
}

/** Files to add to the case, and the queue items they came from (none for a Try again). */
interface Submission {
  files: SubmittedFile[];
  ids: string[];
}

interface Rejection {
  id: number;
  message: string;
}

function CaseUploadsArea({ caseId, supportPhone, upload }: CaseUploadsProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const hintId = `${id}-hint`;
  const client = useQueryClient();
  const files = useCaseFiles(caseId);

  const send: Uploader = useMemo(() => upload ?? ((file, options) => uploadsApi.upload(caseId, file, options)), [upload, caseId]);
  const describeFailure = useCallback((error: unknown, name: string) => uploadFailure(error, name, supportPhone), [supportPhone]);
  const queue = useUploadQueue({ upload: send, describeFailure });

  const [rejections, setRejections] = useState<Rejection[]>([]);
  const rejectionId = useRef(0);
  const [notice, setNotice] = useState('');
  const [dragging, setDragging] = useState(false);
  const [spoken, setSpoken] = useState('');
  const before = useRef<QueueItem[]>([]);

  const submit = useBffMutation<Submission, CaseFiles>({
    mutationKey: [...caseFilesKey(caseId), 'submit'],
    mutationFn: ({ files: sent }) => uploadsApi.submit(caseId, { files: sent }),
    onSuccess: (answer, { ids }) => {
      queue.submitted(ids);
      client.setQueryData(caseFilesKey(caseId), answer);
      setNotice(uploadMessage('submitted'));
      // The case reloads: its files as the BFF now has them.
      return client.invalidateQueries({ queryKey: caseFilesKey(caseId), exact: true });
    },
    onError: (error) => console.debug('case files submission failed', error),
  });

  // Screen readers hear each state change and every 25% of an upload, not every progress event.
  useEffect(() => {
    const said = queueAnnouncements(before.current, queue.items);
    before.current = queue.items;
    if (said.length > 0) setSpoken(said.join(' '));
  }, [queue.items]);

  function addFiles(list: FileList | null) {
    const chosen = list ? Array.from(list) : [];
    if (chosen.length === 0) return;
    setNotice('');
    const refused = queue.add(chosen);
    if (refused.length > 0) {
      setRejections((current) => [...current, ...refused.map((message) => ({ id: ++rejectionId.current, message }))]);
    }
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    addFiles(event.target.files);
    // The same file may be chosen again after it was removed.
    event.target.value = '';
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  }

  const ready = uploadedFiles(queue.items);
  // A file stored in the case already (its last byte arrived just before the reload) is no longer
  // unfinished, whatever the browser remembers.
  const unfinished = useUnfinishedUploads(caseId, queue.items, files.data?.files);
  // Uploaded here and not yet submitted: the listing says 'Failed to process' of them, wrongly.
  const pendingNames = useMemo(
    () => new Set(uploadedFiles(queue.items).flatMap((item) => [item.name, item.uploaded.name])),
    [queue.items],
  );

  function submitFiles(next: Submission) {
    if (next.files.length === 0 || submit.pending) return;
    setNotice('');
    void submit.run(next);
  }

  const submitReady = () => submitFiles({ files: submission(queue.items), ids: ready.map((item) => item.id) });

  return (
    <section className={styles.uploads} aria-labelledby={headingId} data-testid="case-uploads">
      <h4 id={headingId} className={styles.heading}>
        {uploadMessage('documents')}
      </h4>

      {files.isPending ? (
        <p className={styles.note}>Loading…</p>
      ) : files.isError ? (
        <div role="alert" className={styles.alert}>
          <p>{files.error.detail}</p>
          <button type="button" className={styles.action} onClick={() => void files.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <CaseFileList files={files.data?.files ?? []} pending={pendingNames} onRetry={(file) => submitFiles({ files: [file], ids: [] })} busy={submit.pending} />
      )}

      {unfinished.length > 0 && (
        <ul className={styles.resumable} aria-label="Unfinished uploads">
          {unfinished.map((name) => (
            <li key={name}>{uploadMessage('resumable', { name })}</li>
          ))}
        </ul>
      )}

      <div
        className={styles.dropZone}
        data-dragging={dragging || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <div className={styles.choose}>
          <label className={`${buttons.button} ${buttons.secondary} ${styles.chooser}`}>
            <input
              type="file"
              multiple
              accept={ACCEPT}
              className={styles.fileInput}
              aria-describedby={hintId}
              onChange={onChoose}
            />
            {uploadMessage('chooseFiles')}
          </label>
          <span className={styles.dropText}>{uploadMessage('dropHere')}</span>
        </div>
        <p id={hintId} className={styles.hint}>
          {uploadMessage('allowed')}
        </p>
      </div>

      <div role="alert" className={styles.alert} data-testid="upload-errors">
        {rejections.length > 0 && (
          <>
            <ul className={styles.errors}>
              {rejections.map((r) => (
                <li key={r.id}>{r.message}</li>
              ))}
            </ul>
            <button type="button" className={styles.action} onClick={() => setRejections([])}>
              Dismiss
            </button>
          </>
        )}
      </div>

      <UploadQueueList items={queue.items} onRemove={queue.remove} onCancel={queue.cancel} />

      {queue.items.length > 0 && (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${buttons.button} ${buttons.primary} ${styles.submit}`}
            onClick={submitReady}
            disabled={ready.length === 0 || submit.pending}
            aria-busy={submit.pending || undefined}
          >
            {uploadMessage('submitFiles')}
          </button>
        </div>
      )}

      <div role="alert" className={styles.alert}>
        {submit.error && <p>{submitFailure(submit.error)}</p>}
      </div>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <div className="visually-hidden" aria-live="polite">
        {spoken}
      </div>
    </section>
  );
}

/**
 * The names of this case's uploads that this browser left unfinished (a reload, a closed tab),
 * less those in the queue now and those the case's folder has: choosing the same file again goes
 * on where it stopped. Read again as uploads settle, since a finished, cancelled or refused upload
 * is forgotten.
 */
function useUnfinishedUploads(caseId: string, items: QueueItem[], stored: { name: string }[] = []): string[] {
  const [names, setNames] = useState<string[]>([]);
  const settled = items
    .filter((item) => item.state === 'uploaded' || item.state === 'failed')
    .map((item) => item.id)
    .join(' ');
  useEffect(() => {
    let current = true;
    uploadsApi.unfinished(caseId).then(
      (found) => {
        if (current) setNames(found.map((upload) => upload.name));
      },
      (error: unknown) => console.debug('unfinished uploads not read', error),
    );
    return () => {
      current = false;
    };
  }, [caseId, settled]);
  return useMemo(() => {
    const known = new Set([...items.map((item) => item.name), ...stored.map((file) => file.name)]);
    return names.filter((name) => !known.has(name));
  }, [names, items, stored]);
}
