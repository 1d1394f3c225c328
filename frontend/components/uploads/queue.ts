// The upload queue of one case block (spec 2 §4 'Case file lifecycle'), as plain data and a
// reducer, so its rules are tested without a browser: queued in the browser, then uploading with
// progress (paused while it waits for a connection, and back), then uploaded or failed; at most
// `limit` uploads at once; only queued and failed files can be removed; submitted files leave the
// queue.
import type { SubmittedFile, UploadedFile } from '@/lib/bff/types';
import { checkFile, uploadMessage } from '@/lib/uploads';

export type QueueState = 'queued' | 'uploading' | 'paused' | 'uploaded' | 'failed';

export interface QueueItem {
  /** Unique within the block, for keys and actions (two files never share a name in one queue). */
  id: string;
  file: File;
  name: string;
  size: number;
  state: QueueState;
  /** Bytes sent of `total`, while uploading or paused. */
  sent: number;
  total: number;
  /** Why it failed, for the member. */
  error?: string;
  /** Where the BFF stored it, once uploaded: what a submission sends. */
  uploaded?: UploadedFile;
}

export type QueueAction =
  | { type: 'add'; items: QueueItem[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; sent: number; total: number }
  | { type: 'paused'; id: string; paused: boolean }
  | { type: 'uploaded'; id: string; file: UploadedFile }
  | { type: 'failed'; id: string; error: string }
  | { type: 'remove'; id: string }
  | { type: 'submitted'; ids: string[] };

/** A queue item for a file that passed the checks. */
export function queueItem(id: string, file: File): QueueItem {
  return { id, file, name: file.name, size: file.size, state: 'queued', sent: 0, total: file.size };
}

/** Queued and failed files can be removed; uploading ones are cancelled instead, uploaded ones stay. */
export const canRemove = (item: QueueItem) => item.state === 'queued' || item.state === 'failed';

/** Uploading or waiting for a connection to go on: it holds a slot, shows its progress and can be cancelled. */
export const isRunning = (item: Pick<QueueItem, 'state'>) => item.state === 'uploading' || item.state === 'paused';

const RUNNING: QueueState[] = ['uploading', 'paused'];

function update(items: QueueItem[], id: string, from: QueueState[], change: (item: QueueItem) => QueueItem): QueueItem[] {
  let changed = false;
  const next = items.map((item) => {
    if (item.id !== id || !from.includes(item.state)) return item;
    changed = true;
    return change(item);
  });
  return changed ? next : items;
}

/** Every transition the lifecycle allows; any other action leaves the queue as it is. */
export function queueReducer(items: QueueItem[], action: QueueAction): QueueItem[] {
  switch (action.type) {
    case 'add':
      return action.items.length ? [...items, ...action.items] : items;
    case 'start':
      return update(items, action.id, ['queued'], (item) => ({ ...item, state: 'uploading', sent: 0, total: item.size, error: undefined }));
    case 'progress':
      return update(items, action.id, RUNNING, (item) => ({ ...item, sent: Math.min(action.sent, action.total), total: action.total }));
    case 'paused':
      return action.paused
        ? update(items, action.id, ['uploading'], (item) => ({ ...item, state: 'paused' }))
        : update(items, action.id, ['paused'], (item) => ({ ...item, state: 'uploading' }));
    case 'uploaded':
      return update(items, action.id, RUNNING, (item) => ({ ...item, state: 'uploaded', sent: item.total, uploaded: action.file }));
    case 'failed':
      return update(items, action.id, RUNNING, (item) => ({ ...item, state: 'failed', error: action.error }));
    case 'remove': {
      const next = items.filter((item) => item.id !== action.id || !canRemove(item));
      return next.length === items.length ? items : next;
    }
    case 'submitted': {
      const ids = new Set(action.ids);
      const next = items.filter((item) => !(item.state === 'uploaded' && ids.has(item.id)));
      return next.length === items.length ? items : next;
    }
  }
}

/** The queued files to start now, oldest first, so that at most `limit` upload (or wait to go on) at once. */
export function toStart(items: QueueItem[], limit: number): QueueItem[] {
  const running = items.filter(isRunning).length;
  return items.filter((item) => item.state === 'queued').slice(0, Math.max(0, limit - running));
}

/** The uploaded files, ready to submit. */
export const uploadedFiles = (items: QueueItem[]) =>
  items.filter((item): item is QueueItem & { uploaded: UploadedFile } => item.state === 'uploaded' && item.uploaded !== undefined);

/** What submitting the uploaded files sends: where the BFF stored each. */
export function submission(items: QueueItem[]): SubmittedFile[] {
  return uploadedFiles(items).map(({ uploaded: { name, path, bucket, url } }) => ({ name, path, bucket, url }));
}

/**
 * Splits a selection of files into those that may join the queue and the messages of those that
 * may not (spec 2 §5: a file that fails a check never enters the queue). Names are checked against
 * the queue and against the files before them in the same selection.
 */
export function admit(items: QueueItem[], files: File[], nextId: () => string): { items: QueueItem[]; rejected: string[] } {
  const names = new Set(items.map((item) => item.name));
  const admitted: QueueItem[] = [];
  const rejected: string[] = [];
  for (const file of files) {
    const problem = checkFile(file, names);
    if (problem) {
      rejected.push(problem);
      continue;
    }
    names.add(file.name);
    admitted.push(queueItem(nextId(), file));
  }
  return { items: admitted, rejected };
}

/** Whole percent of the bytes sent; 0 before the total is known. */
export function percentSent(item: Pick<QueueItem, 'sent' | 'total'>): number {
  return item.total > 0 ? Math.min(100, Math.floor((item.sent * 100) / item.total)) : 0;
}

/** Progress is spoken at these steps only, not at every event. */
const STEP = 25;
const step = (item: QueueItem) => Math.floor(percentSent(item) / STEP) * STEP;

/** The words of a state, as the queue shows it. */
export function stateLabel(state: QueueState): string {
  return uploadMessage(state);
}

/**
 * What a screen reader is told between two versions of the queue: a file queued, uploading, each
 * 25% of its bytes, paused for a connection and uploading again, uploaded, failed (with why) or
 * removed. Submitted files leave silently: the block says 'Your files were submitted.' itself.
 */
export function queueAnnouncements(before: QueueItem[], after: QueueItem[]): string[] {
  const previous = new Map(before.map((item) => [item.id, item]));
  const current = new Set(after.map((item) => item.id));
  const said: string[] = [];
  for (const item of after) {
    const was = previous.get(item.id);
    if (!was || was.state !== item.state) {
      said.push(item.state === 'failed' ? `${item.name}: ${stateLabel('failed')}. ${item.error ?? ''}`.trim() : `${item.name}: ${stateLabel(item.state)}`);
    } else if (item.state === 'uploading' && step(item) > step(was) && step(item) < 100) {
      said.push(`${item.name}: ${step(item)}% uploaded`);
    }
  }
  for (const item of before) {
    if (!current.has(item.id) && item.state !== 'uploaded') said.push(`${item.name} removed`);
  }
  return said;
}
