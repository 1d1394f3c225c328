// The one way to call the BFF, from the server (server.ts, and the proxy's page check in
// missingPage.ts) and from the browser (browser.ts) alike, and the one error every failed call
// becomes. It reads no configuration, so the browser bundle may include it: the caller gives the
// full address. bffUpload is the one exception to fetch: a file's upload, whose progress only
// XMLHttpRequest reports.
import type { Problem } from './types';

/** Said when the BFF could not be reached at all; the BFF never words this case itself. */
const NETWORK_DETAIL = 'We could not reach the server. Please check your connection and try again.';

/** The code of a BffError for a call the browser itself abandoned (an upload's Cancel). */
export const CANCELLED = 'cancelled';

/**
 * A BFF call that did not answer with a document, read from its application/problem+json body.
 * `status` 0 means the BFF was not reached. `detail` is the sentence for people (the BFF words it
 * as the spec does); `message` names the call, for logs; `fields` maps a request field
 * ('home.zip') to its error.
 */
export class BffError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly problem: Problem | undefined;

  constructor(
    message: string,
    init: { status: number; code?: string; detail?: string; fields?: Record<string, string>; problem?: Problem },
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BffError';
    this.status = init.status;
    this.code = init.code ?? 'internal';
    this.detail = init.detail ?? message;
    this.fields = init.fields ?? {};
    this.problem = init.problem;
  }

  /** Anything a call threw, as a BffError: a bug in a caller must not escape a form's error handling. */
  static from(error: unknown): BffError {
    if (error instanceof BffError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new BffError(message, { status: 0 }, { cause: error });
  }
}

export interface BffRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  cache?: RequestCache;
  /** Next's data cache, on the server. */
  next?: { revalidate?: number | false; tags?: string[] };
}

/** The problem+json document of a failed call's body, if it is one. */
function parseProblem(text: string): Problem | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as Problem) : undefined;
  } catch {
    return undefined;
  }
}

async function readProblem(res: Response): Promise<Problem | undefined> {
  try {
    return parseProblem(await res.text());
  } catch {
    return undefined;
  }
}

function failure(method: string, url: string, status: number, problem: Problem | undefined): BffError {
  const fields: Record<string, string> = {};
  for (const e of problem?.errors ?? []) fields[e.field] ??= e.message;
  const title = problem?.title ? `: ${problem.title}` : '';
  return new BffError(`BFF answered ${status} to ${method} ${url}${title}`, {
    status,
    code: problem?.code,
    // The title is only the HTTP status text; the detail is what the member is told.
    detail: problem?.detail ?? problem?.title ?? `The server answered ${status}.`,
    fields,
    problem,
  });
}

function unreachable(method: string, url: string, cause?: unknown): BffError {
  return new BffError(`BFF unreachable: ${method} ${url}`, { status: 0, code: 'unavailable', detail: NETWORK_DETAIL }, { cause });
}

/** Calls the BFF and answers its JSON document; anything else throws a BffError. */
export async function bffFetch<T>(url: string, { method = 'GET', body, headers, ...init }: BffRequest = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      method,
      headers: {
        ...headers,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    // Refused, reset, or given up on by the caller's signal (the server's timeout): the BFF
    // did not answer, whichever it was.
    throw unreachable(method, url, cause);
  }
  if (!res.ok) throw failure(method, url, res.status, await readProblem(res));
  try {
    return (await res.json()) as T;
  } catch (cause) {
    // The timeout also covers the body: an answer cut off there was never given either.
    if (init.signal?.aborted) throw unreachable(method, url, cause);
    throw cause;
  }
}

/**
 * Asks whether the BFF has a document without its body (HEAD: the BFF answers as it would a GET,
 * headers included). Resolves to the answer's headers when it has; fails as bffFetch does
 * otherwise, with no problem to read.
 */
export async function bffHead(url: string, { headers, ...init }: Omit<BffRequest, 'method' | 'body'> = {}): Promise<Headers> {
  const method = 'HEAD';
  let res: Response;
  try {
    res = await fetch(url, { ...init, method, headers: { ...headers, Accept: 'application/json' } });
  } catch (cause) {
    throw unreachable(method, url, cause);
  }
  if (!res.ok) throw failure(method, url, res.status, undefined);
  return res.headers;
}

export interface BffUploadOptions {
  /** Bytes sent so far of the body's total, as the browser reports them. */
  onProgress?: (sent: number, total: number) => void;
  /** Aborting it abandons the upload: the promise rejects with a BffError whose code is CANCELLED. */
  signal?: AbortSignal;
}

/** Whether a call failed because the browser abandoned it (see bffUpload's signal). */
export function isCancelled(error: unknown): boolean {
  return error instanceof BffError && error.code === CANCELLED;
}

/**
 * POSTs a file's bytes as the body (its type as the Content-Type, left out when the browser knows
 * none) and answers the BFF's JSON document, reporting progress on the way. It fails as bffFetch
 * does: a BffError read from the problem+json answer, status 0 when the BFF was not reached, and a
 * BffError with code CANCELLED when `signal` aborted it.
 */
export function bffUpload<T>(url: string, body: Blob, { onProgress, signal }: BffUploadOptions = {}): Promise<T> {
  const method = 'POST';
  const cancelled = () =>
    new BffError(`Upload cancelled: ${method} ${url}`, { status: 0, code: CANCELLED, detail: 'The upload was cancelled.' });
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (body.type) xhr.setRequestHeader('Content-Type', body.type);
    // Registered before send, or the browser reports no upload progress at all.
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : body.size);
    xhr.onload = () =>
      settle(() => {
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(failure(method, url, xhr.status, parseProblem(xhr.responseText)));
          return;
        }
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch (cause) {
          reject(new BffError(`BFF answered ${xhr.status} to ${method} ${url} without JSON`, { status: xhr.status }, { cause }));
        }
      });
    xhr.onerror = () => settle(() => reject(unreachable(method, url)));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => settle(() => reject(cancelled()));
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}
