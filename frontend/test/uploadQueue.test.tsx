import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BffError, CANCELLED } from '@/lib/bff/error';
import type { BffUploadOptions } from '@/lib/bff/upload';
import type { UploadedFile } from '@/lib/bff/types';
import { uploadFailure } from '@/lib/uploads';
import {
  admit,
  canRemove,
  percentSent,
  queueAnnouncements,
  queueItem,
  queueReducer,
  submission,
  toStart,
  type QueueItem,
  type QueueState,
} from '@/components/uploads/queue';
import { oneListingAtATime } from '@/components/uploads/useCaseFiles';
import { useUploadQueue } from '@/components/uploads/useUploadQueue';
import { deferred } from './deferred';

// A case block's upload queue (spec 2 §4 'Case file lifecycle'): three at a time, progress, paused
// while waiting for a connection, remove only what is queued or failed, submitted files leave; and
// file listings one at a time.

const TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png' };
const file = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: TYPES[name.split('.').pop() ?? ''] ?? '' });
const stored = (name: string): UploadedFile => ({
  name,
  path: `forms/uploads/u/c/${name}`,
  bucket: 'b',
  url: `gs://b/forms/uploads/u/c/${name}`,
  size: 100,
  contentType: 'application/pdf',
  timeCreated: '2026-03-05T10:00:00Z',
});
const item = (id: string, state: QueueState, extra: Partial<QueueItem> = {}): QueueItem => ({
  ...queueItem(id, file(`${id}.pdf`)),
  state,
  ...extra,
});
const states = (items: QueueItem[]) => items.map((i) => `${i.name}:${i.state}`);

describe('queueReducer', () => {
  it('moves a file from queued to uploading to uploaded, with its progress', () => {
    let items = queueReducer([], { type: 'add', items: [queueItem('1', file('a.pdf', 200))] });
    expect(items[0]).toMatchObject({ state: 'queued', sent: 0, total: 200 });
    items = queueReducer(items, { type: 'start', id: '1' });
    items = queueReducer(items, { type: 'progress', id: '1', sent: 50, total: 200 });
    expect(items[0]).toMatchObject({ state: 'uploading', sent: 50, total: 200 });
    expect(percentSent(items[0])).toBe(25);
    items = queueReducer(items, { type: 'uploaded', id: '1', file: stored('a.pdf') });
    expect(items[0]).toMatchObject({ state: 'uploaded', sent: 200, uploaded: stored('a.pdf') });
  });

  it('pauses an upload while it waits for a connection and goes on, keeping its progress', () => {
    let items = queueReducer([item('1', 'uploading', { sent: 40, total: 100 })], { type: 'paused', id: '1', paused: true });
    expect(items[0]).toMatchObject({ state: 'paused', sent: 40, total: 100 });
    expect(queueReducer(items, { type: 'paused', id: '1', paused: true })).toBe(items);
    items = queueReducer(items, { type: 'progress', id: '1', sent: 50, total: 100 });
    expect(items[0]).toMatchObject({ state: 'paused', sent: 50 });
    items = queueReducer(items, { type: 'paused', id: '1', paused: false });
    expect(items[0]).toMatchObject({ state: 'uploading', sent: 50 });
    // Only an upload pauses.
    for (const state of ['queued', 'uploaded', 'failed'] as const) {
      const other = [item('1', state)];
      expect(queueReducer(other, { type: 'paused', id: '1', paused: true })).toBe(other);
    }
    // A paused upload can be cancelled (it fails) or finish.
    const paused = [item('1', 'paused')];
    expect(queueReducer(paused, { type: 'failed', id: '1', error: 'User cancelled upload: 1.pdf' })[0].state).toBe('failed');
    expect(queueReducer(paused, { type: 'uploaded', id: '1', file: stored('1.pdf') })[0].state).toBe('uploaded');
    expect(canRemove(paused[0])).toBe(false);
  });

  it('fails an upload with its reason', () => {
    const items = queueReducer([item('1', 'uploading')], { type: 'failed', id: '1', error: 'Max allowed file size is 20 MB' });
    expect(items[0]).toMatchObject({ state: 'failed', error: 'Max allowed file size is 20 MB' });
  });

  it('removes queued and failed files only', () => {
    const items = [item('q', 'queued'), item('u', 'uploading'), item('d', 'uploaded'), item('f', 'failed')];
    expect(items.map(canRemove)).toEqual([true, false, false, true]);
    let next = items;
    for (const id of ['q', 'u', 'd', 'f']) next = queueReducer(next, { type: 'remove', id });
    expect(states(next)).toEqual(['u.pdf:uploading', 'd.pdf:uploaded']);
    expect(queueReducer(next, { type: 'remove', id: 'u' })).toBe(next);
  });

  it('takes submitted files out of the queue, and only uploaded ones', () => {
    const items = [item('a', 'uploaded'), item('b', 'uploading'), item('c', 'uploaded'), item('d', 'failed')];
    const next = queueReducer(items, { type: 'submitted', ids: ['a', 'b', 'd'] });
    expect(states(next)).toEqual(['b.pdf:uploading', 'c.pdf:uploaded', 'd.pdf:failed']);
  });

  it('ignores what the lifecycle does not allow', () => {
    const items = [item('a', 'uploaded')];
    expect(queueReducer(items, { type: 'start', id: 'a' })).toBe(items);
    expect(queueReducer(items, { type: 'progress', id: 'a', sent: 1, total: 2 })).toBe(items);
    expect(queueReducer(items, { type: 'uploaded', id: 'gone', file: stored('x') })).toBe(items);
  });
});

describe('toStart', () => {
  it('starts the oldest queued files, so that at most three upload at once', () => {
    const four = ['a', 'b', 'c', 'd'].map((id) => item(id, 'queued'));
    expect(toStart(four, 3).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    const two = [item('a', 'uploading'), item('b', 'uploading'), item('c', 'queued'), item('d', 'queued')];
    expect(toStart(two, 3).map((i) => i.id)).toEqual(['c']);
    const full = [item('a', 'uploading'), item('b', 'uploading'), item('c', 'uploading'), item('d', 'queued')];
    expect(toStart(full, 3)).toEqual([]);
    // A paused upload keeps its slot.
    const paused = [item('a', 'uploading'), item('b', 'paused'), item('c', 'uploading'), item('d', 'queued')];
    expect(toStart(paused, 3)).toEqual([]);
  });
});

describe('admit', () => {
  it('queues the files that pass the checks and says why the others do not', () => {
    let n = 0;
    const next = () => `id-${++n}`;
    const { items, rejected } = admit(
      [item('a', 'uploaded')],
      [file('a.pdf'), file('b.pdf'), file('setup.exe'), file('b.pdf'), file('c.png')],
      next,
    );
    expect(items.map((i) => [i.id, i.name, i.state])).toEqual([
      ['id-1', 'b.pdf', 'queued'],
      ['id-2', 'c.png', 'queued'],
    ]);
    expect(rejected).toEqual([
      'Cannot add file of the same name a.pdf',
      'File type exe not allowed.',
      'Cannot add file of the same name b.pdf',
    ]);
  });
});

describe('submission', () => {
  it('sends where the BFF stored each uploaded file', () => {
    const items = [item('a', 'uploaded', { uploaded: stored('a.pdf') }), item('b', 'uploading')];
    expect(submission(items)).toEqual([
      { name: 'a.pdf', path: 'forms/uploads/u/c/a.pdf', bucket: 'b', url: 'gs://b/forms/uploads/u/c/a.pdf' },
    ]);
  });
});

describe('queueAnnouncements', () => {
  it('says each change of state, every 25% of an upload, a failure with why, and a removal', () => {
    const queued = item('a', 'queued', { total: 100 });
    expect(queueAnnouncements([], [queued])).toEqual(['a.pdf: Queued']);
    const started = { ...queued, state: 'uploading' as const };
    expect(queueAnnouncements([queued], [started])).toEqual(['a.pdf: Uploading']);
    expect(queueAnnouncements([started], [{ ...started, sent: 10 }])).toEqual([]);
    expect(queueAnnouncements([{ ...started, sent: 10 }], [{ ...started, sent: 52 }])).toEqual(['a.pdf: 50% uploaded']);
    expect(queueAnnouncements([{ ...started, sent: 80 }], [{ ...started, sent: 100 }])).toEqual([]);
    expect(queueAnnouncements([started], [{ ...started, state: 'failed', error: 'User cancelled upload: a.pdf' }])).toEqual([
      'a.pdf: Failed. User cancelled upload: a.pdf',
    ]);
    expect(queueAnnouncements([queued], [])).toEqual(['a.pdf removed']);
    const paused = { ...started, sent: 30, state: 'paused' as const };
    expect(queueAnnouncements([{ ...started, sent: 30 }], [paused])).toEqual(['a.pdf: Paused: waiting for a connection']);
    expect(queueAnnouncements([paused], [{ ...paused, sent: 40 }])).toEqual([]);
    expect(queueAnnouncements([paused], [{ ...started, sent: 30 }])).toEqual(['a.pdf: Uploading']);
    expect(queueAnnouncements([{ ...queued, state: 'uploaded' }], [])).toEqual([]);
  });
});

describe('useUploadQueue', () => {
  function setup() {
    const calls: { name: string; options: BffUploadOptions; answer: ReturnType<typeof deferred<UploadedFile>> }[] = [];
    const upload = vi.fn((f: File, options: BffUploadOptions) => {
      const answer = deferred<UploadedFile>();
      calls.push({ name: f.name, options, answer });
      return answer.promise;
    });
    const hook = renderHook(() => useUploadQueue({ upload, describeFailure: (e, name) => uploadFailure(e, name, '800-472-2005') }));
    return { calls, upload, hook };
  }

  it('uploads three at a time and starts the next as one finishes', async () => {
    const { calls, hook } = setup();
    let refused: string[] = [];
    act(() => {
      refused = hook.result.current.add(['a', 'b', 'c', 'd'].map((n) => file(`${n}.pdf`)));
    });
    expect(refused).toEqual([]);
    expect(states(hook.result.current.items)).toEqual(['a.pdf:uploading', 'b.pdf:uploading', 'c.pdf:uploading', 'd.pdf:queued']);
    expect(calls.map((c) => c.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);

    act(() => calls[0].options.onProgress?.(40, 100));
    expect(hook.result.current.items[0]).toMatchObject({ sent: 40, total: 100 });

    await act(async () => calls[1].answer.resolve(stored('b.pdf')));
    expect(states(hook.result.current.items)).toEqual(['a.pdf:uploading', 'b.pdf:uploaded', 'c.pdf:uploading', 'd.pdf:uploading']);
    expect(calls.map((c) => c.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']);
  });

  it('removes a queued file before it starts, and refuses a second file of the same name', () => {
    const { calls, hook } = setup();
    act(() => void hook.result.current.add(['a', 'b', 'c', 'd'].map((n) => file(`${n}.pdf`))));
    const queued = hook.result.current.items[3];
    act(() => hook.result.current.remove(queued.id));
    act(() => hook.result.current.remove(hook.result.current.items[0].id));
    expect(states(hook.result.current.items)).toEqual(['a.pdf:uploading', 'b.pdf:uploading', 'c.pdf:uploading']);
    let refused: string[] = [];
    act(() => {
      refused = hook.result.current.add([file('a.pdf')]);
    });
    expect(refused).toEqual(['Cannot add file of the same name a.pdf']);
    expect(calls).toHaveLength(3);
  });

  it('cancels an upload: it fails with the cancelled message and frees its slot', async () => {
    const { calls, hook } = setup();
    act(() => void hook.result.current.add(['a', 'b', 'c', 'd'].map((n) => file(`${n}.pdf`))));
    const cancelled = new BffError('cancelled', { status: 0, code: CANCELLED });
    calls[0].options.signal?.addEventListener('abort', () => calls[0].answer.reject(cancelled));
    await act(async () => hook.result.current.cancel(hook.result.current.items[0].id));
    expect(hook.result.current.items[0]).toMatchObject({ state: 'failed', error: 'User cancelled upload: a.pdf' });
    expect(hook.result.current.items[3].state).toBe('uploading');
  });

  it('shows a refusal in its words, and takes submitted files out', async () => {
    const { calls, hook } = setup();
    act(() => void hook.result.current.add([file('a.pdf'), file('b.pdf')]));
    await act(async () => {
      calls[0].answer.resolve(stored('a.pdf'));
      calls[1].answer.reject(new BffError('x', { status: 0, code: 'unavailable' }));
    });
    expect(hook.result.current.items[1]).toMatchObject({ state: 'failed', error: 'There was a problem processing b.pdf' });
    act(() => hook.result.current.submitted(hook.result.current.items.map((i) => i.id)));
    expect(states(hook.result.current.items)).toEqual(['b.pdf:failed']);
  });

  it('shows an upload waiting for a connection as paused, keeps its slot, and lets it be cancelled', async () => {
    const { calls, hook } = setup();
    act(() => void hook.result.current.add(['a', 'b', 'c', 'd'].map((n) => file(`${n}.pdf`))));
    act(() => calls[0].options.onProgress?.(40, 100));
    act(() => calls[0].options.onPaused?.(true));
    expect(states(hook.result.current.items)).toEqual(['a.pdf:paused', 'b.pdf:uploading', 'c.pdf:uploading', 'd.pdf:queued']);
    expect(hook.result.current.items[0]).toMatchObject({ sent: 40, total: 100 });
    act(() => calls[0].options.onPaused?.(false));
    expect(hook.result.current.items[0].state).toBe('uploading');

    act(() => calls[0].options.onPaused?.(true));
    const cancelled = new BffError('cancelled', { status: 0, code: CANCELLED });
    calls[0].options.signal?.addEventListener('abort', () => calls[0].answer.reject(cancelled));
    await act(async () => hook.result.current.cancel(hook.result.current.items[0].id));
    expect(hook.result.current.items[0]).toMatchObject({ state: 'failed', error: 'User cancelled upload: a.pdf' });
    expect(hook.result.current.items[3].state).toBe('uploading');
  });

  it('abandons the uploads still running when the block goes away', () => {
    const { calls, hook } = setup();
    act(() => void hook.result.current.add([file('a.pdf')]));
    hook.unmount();
    expect(calls[0].options.signal?.aborted).toBe(true);
  });
});

describe('oneListingAtATime', () => {
  it('starts each listing once the one before it has settled, failed or not', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const order: string[] = [];
    const a = oneListingAtATime(() => (order.push('a'), first.promise));
    const b = oneListingAtATime(() => (order.push('b'), second.promise));
    const c = oneListingAtATime(async () => (order.push('c'), 'c'));
    await Promise.resolve();
    expect(order).toEqual(['a']);
    first.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await vi.waitFor(() => expect(order).toEqual(['a', 'b']));
    second.resolve('b');
    expect(await b).toBe('b');
    expect(await c).toBe('c');
    expect(order).toEqual(['a', 'b', 'c']);
  });
});
