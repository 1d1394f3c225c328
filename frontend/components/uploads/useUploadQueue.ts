'use client';

import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { BffUploadOptions } from '@/lib/bff/upload';
import type { UploadedFile } from '@/lib/bff/types';
import { uploadLimits } from '@/lib/uploads';
import { admit, canRemove, queueReducer, toStart, type QueueItem } from './queue';

/** Sends one file; rejects with a BffError (uploadsApi.upload in the app, a stand-in in tests). */
export type Uploader = (file: File, options: BffUploadOptions) => Promise<UploadedFile>;

export interface UploadQueueOptions {
  upload: Uploader;
  /** Why an upload failed, for the member (lib/uploads.ts uploadFailure). */
  describeFailure: (error: unknown, name: string) => string;
  /** Uploads at once; the contract's limit by default. */
  limit?: number;
}

export interface UploadQueue {
  items: QueueItem[];
  /** Queues the files that pass the checks; answers the messages of those that do not. */
  add: (files: File[]) => string[];
  /** Takes a queued or failed file out of the queue. */
  remove: (id: string) => void;
  /** Abandons an upload, running or paused: the file shows as failed, 'User cancelled upload: {name}'. */
  cancel: (id: string) => void;
  /** Takes submitted files out of the queue, by id (only uploaded ones leave). */
  submitted: (ids: string[]) => void;
}

/**
 * One case block's queue: files start uploading as slots free up, at most `limit` at once (a
 * paused one keeps its slot), each with its progress; leaving the page abandons the uploads still
 * running.
 */
export function useUploadQueue({ upload, describeFailure, limit = uploadLimits.concurrentUploads }: UploadQueueOptions): UploadQueue {
  const [items, dispatch] = useReducer(queueReducer, []);
  // The latest queue for handlers called between renders (two selections in one tick).
  const latest = useRef(items);
  useLayoutEffect(() => {
    latest.current = items;
  }, [items]);
  const running = useRef(new Map<string, AbortController>());
  const [nextId] = useState(() => {
    let n = 0;
    return () => `upload-${++n}`;
  });

  // Sends with the latest upload and describeFailure, which are no reason to run the effect below:
  // a new callback starts nothing.
  const start = useEffectEvent((item: QueueItem) => {
    const controller = new AbortController();
    running.current.set(item.id, controller);
    dispatch({ type: 'start', id: item.id });
    upload(item.file, {
      signal: controller.signal,
      onProgress: (sent, total) => dispatch({ type: 'progress', id: item.id, sent, total }),
      onPaused: (paused) => dispatch({ type: 'paused', id: item.id, paused }),
    })
      .then(
        (file) => dispatch({ type: 'uploaded', id: item.id, file }),
        (error: unknown) => dispatch({ type: 'failed', id: item.id, error: describeFailure(error, item.name) }),
      )
      .finally(() => running.current.delete(item.id));
  });

  useEffect(() => {
    for (const item of toStart(items, limit)) {
      if (!running.current.has(item.id)) start(item);
    }
  }, [items, limit]);

  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const controller of uploads.values()) controller.abort();
    };
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const { items: admitted, rejected } = admit(latest.current, files, nextId);
      latest.current = [...latest.current, ...admitted];
      dispatch({ type: 'add', items: admitted });
      return rejected;
    },
    [nextId],
  );

  const remove = useCallback((id: string) => {
    const item = latest.current.find((i) => i.id === id);
    if (item && canRemove(item)) dispatch({ type: 'remove', id });
  }, []);

  const cancel = useCallback((id: string) => running.current.get(id)?.abort(), []);

  const submitted = useCallback((ids: string[]) => dispatch({ type: 'submitted', ids }), []);

  return { items, add, remove, cancel, submitted };
}
