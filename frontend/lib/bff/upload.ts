// A file's upload to the BFF by the tus resumable-upload protocol (v1.0.0, creation and
// termination; contracts/uploads.json): a POST creates it, PATCHes of at most chunkBytes send it,
// a HEAD tells where to go on after a lost connection or a reload, a DELETE ends it on Cancel. The
// PATCH with the last byte answers the BFF's JSON document; a refusal is problem+json, read as
// bffFetch reads it. tus-js-client is loaded by the first upload, so pages without one never
// carry it.
import type { DetailedError, PreviousUpload } from 'tus-js-client';
import { uploadLimits } from '../uploads';
import { BffError, CANCELLED, unreachable } from './error';
import { responseFailure } from './transport';
import type { Problem } from './types';

export interface BffUploadOptions {
  /** Bytes the server has or is being sent, of the file's total. */
  onProgress?: (sent: number, total: number) => void;
  /**
   * true while the upload waits for a connection (the browser is offline, or a request failed
   * and is tried again after a delay); false once bytes flow again.
   */
  onPaused?: (paused: boolean) => void;
  /** Aborting it ends the upload on the server: the promise rejects with a BffError whose code is CANCELLED. */
  signal?: AbortSignal;
}

/**
 * Waits between tries after a failed request: growing to 20 s, then every 20 s for about twenty
 * minutes, so a phone that lost its connection for a while goes on by itself. tus-js-client
 * starts over at the first once bytes got through again.
 */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, ...Array<number>(60).fill(20_000)];

/** A server error is tried again a few times only: the BFF's 503 says why in its own words. */
const SERVER_RETRIES = 4;

/** Where tus-js-client keeps an upload's address under; `scope` keeps a case's files apart from another's. */
const fingerprintPrefix = (scope: string) => `tus::${scope}::`;
const fingerprintOf = (scope: string, file: File) => `${fingerprintPrefix(scope)}${file.name}::${file.size}::${file.lastModified}`;

const cancelled = (name: string) =>
  new BffError(`Upload cancelled: ${name}`, { status: 0, code: CANCELLED, detail: 'The upload was cancelled.' });

const statusOf = (error: DetailedError) => error.originalResponse?.getStatus() ?? 0;

/** The code of the BFF's problem+json answer to the failed request, if it sent one. */
function problemCode(error: DetailedError): Problem['code'] | undefined {
  try {
    return (JSON.parse(error.originalResponse?.getBody() ?? '') as Partial<Problem>).code;
  } catch {
    return undefined;
  }
}
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Uploads `file` to `endpoint` and answers the BFF's JSON document of it. `scope` (the case id)
 * is part of what identifies the upload in the browser's storage: the same file chosen again for
 * the same scope, after a reload too, goes on from the bytes the server already has. It fails as
 * bffFetch does: a BffError read from the problem+json of a refusal (never tried again, but for
 * a server error a few times), status 0 when the BFF could not be reached for about twenty
 * minutes, and a BffError with code CANCELLED when `signal` aborted it.
 */
export async function bffUpload<T>(endpoint: string, file: File, scope: string, options: BffUploadOptions = {}): Promise<T> {
  const { onProgress, onPaused, signal } = options;
  if (signal?.aborted) throw cancelled(file.name);
  const tus = await import('tus-js-client');
  if (signal?.aborted) throw cancelled(file.name);

  let resolve: (value: T) => void = () => undefined;
  let reject: (error: BffError) => void = () => undefined;
  const answer = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });

  let settled = false;
  let paused = false;
  // Stopped because the browser went offline: 'online' starts it again.
  let waitingForOnline = false;

  const pause = (now: boolean) => {
    if (settled || paused === now) return;
    paused = now;
    onPaused?.(now);
  };

  const upload = new tus.Upload(file, {
    endpoint,
    metadata: { filename: file.name, filetype: file.type },
    chunkSize: uploadLimits.chunkBytes,
    retryDelays: RETRY_DELAYS,
    fingerprint: (f: File) => Promise.resolve(fingerprintOf(scope, f)),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => {
      if (settled) return;
      pause(false);
      onProgress?.(sent, total);
    },
    onShouldRetry: (error, attempt) => {
      const status = statusOf(error);
      if (status === 0) {
        // Offline, the upload stops and waits for 'online' (onError) rather than use up its tries.
        if (offline()) return false;
        pause(true);
        return true;
      }
      // Out of step with the server (it has more than we thought, or another request of the
      // upload took over): the retry asks the offset again and goes on from there.
      if (status === 409 && problemCode(error) === 'offset_mismatch') return true;
      // A refusal (the name exists, a quota, too large) is the same answer however often it is asked.
      if (status >= 400 && status < 500) return status === 423;
      return attempt < SERVER_RETRIES;
    },
    onError: (error) => {
      if (settled) return;
      if (error instanceof tus.DetailedError && statusOf(error) === 0 && offline()) {
        waitingForOnline = true;
        pause(true);
        return;
      }
      const failed = uploadError(error, tus.DetailedError);
      // Refused: the server has removed the upload, so there is nothing to go on with later. A
      // session that ended keeps it: signed in again, the member goes on with it.
      if (failed.status >= 400 && failed.status < 500 && failed.status !== 401) {
        void forget(upload.findPreviousUploads(), tus.defaultOptions.urlStorage);
      }
      finish(() => reject(failed));
    },
    onSuccess: ({ lastResponse }) => {
      if (settled) return;
      try {
        const document = JSON.parse(lastResponse.getBody()) as T;
        finish(() => resolve(document));
      } catch (cause) {
        // The server had every byte already (a resumed upload) and answered its offset, not the
        // document: the member chooses the file again rather than be told something made up.
        finish(() => reject(unreachable('PATCH', upload.url ?? endpoint, cause)));
      }
    },
  });

  function wentOffline() {
    pause(true);
    if (waitingForOnline) return;
    waitingForOnline = true;
    void upload.abort();
  }

  function wentOnline() {
    if (!waitingForOnline && !paused) return;
    // Whatever waits for a connection goes on now, not after its delay; from the server's offset.
    waitingForOnline = false;
    pause(false);
    void upload.abort().then(() => {
      if (!settled) upload.start();
    });
  }

  function cancel() {
    finish(() => reject(cancelled(file.name)));
    // Ends the upload on the server and forgets its address. Should the DELETE not get through,
    // the server removes it after resumableHours; the address is forgotten here all the same.
    upload.abort(true).catch((cause: unknown) => console.debug('upload not terminated', cause));
    void forget(upload.findPreviousUploads(), tus.defaultOptions.urlStorage);
  }

  function finish(outcome: () => void) {
    if (settled) return;
    settled = true;
    signal?.removeEventListener('abort', cancel);
    window.removeEventListener('offline', wentOffline);
    window.removeEventListener('online', wentOnline);
    outcome();
  }

  // Chosen again after a reload: go on from what the server has (tus-js-client asks it by HEAD).
  const previous = await upload.findPreviousUploads().catch(() => []);
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  if (signal?.aborted) throw cancelled(file.name);

  signal?.addEventListener('abort', cancel, { once: true });
  window.addEventListener('offline', wentOffline);
  window.addEventListener('online', wentOnline);
  if (offline()) {
    waitingForOnline = true;
    pause(true);
  } else {
    upload.start();
  }
  return answer;
}

/** A BffError of what tus-js-client failed with: the BFF's refusal, or no answer at all. */
function uploadError(error: Error, Detailed: typeof DetailedError): BffError {
  if (!(error instanceof Detailed)) return BffError.from(error);
  const request = error.originalRequest;
  const method = request?.getMethod() ?? 'POST';
  const url = request?.getURL() ?? '';
  const response = error.originalResponse;
  if (!response || response.getStatus() === 0) return unreachable(method, url, error);
  return responseFailure(method, url, response.getStatus(), response.getBody());
}

async function forget(found: Promise<PreviousUpload[]>, storage: { removeUpload(key: string): Promise<void> }) {
  try {
    for (const entry of await found) await storage.removeUpload(entry.urlStorageKey);
  } catch (cause) {
    console.debug('upload address not forgotten', cause);
  }
}

/** An upload of this browser that did not finish, as far as it remembers. */
export interface UnfinishedUpload {
  name: string;
  size: number | null;
}

/**
 * The uploads of `scope` that stopped before their last byte (a reload, a closed tab), newest
 * first, one per name: choosing the same file again goes on with it. Those older than the
 * contract's resumableHours are gone from the server, and are forgotten here too.
 */
export async function unfinishedUploads(scope: string): Promise<UnfinishedUpload[]> {
  const { defaultOptions } = await import('tus-js-client');
  const storage = defaultOptions.urlStorage;
  // Without localStorage (a sandboxed frame, some private modes) nothing was kept to go on with.
  if (typeof storage.findAllUploads !== 'function') return [];
  const prefix = `tus::${fingerprintPrefix(scope)}`;
  const oldest = Date.now() - uploadLimits.resumableHours * 3_600_000;
  const found = (await storage.findAllUploads()).filter((entry) => entry.urlStorageKey.startsWith(prefix));
  const kept: (UnfinishedUpload & { created: number })[] = [];
  for (const entry of found) {
    const created = Date.parse(entry.creationTime);
    if (!(created >= oldest)) {
      await storage.removeUpload(entry.urlStorageKey);
      continue;
    }
    const name = entry.metadata?.filename;
    if (name) kept.push({ name, size: entry.size, created });
  }
  kept.sort((a, b) => b.created - a.created);
  const seen = new Set<string>();
  return kept.filter(({ name }) => !seen.has(name) && seen.add(name)).map(({ name, size }) => ({ name, size }));
}
