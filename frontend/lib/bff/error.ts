// The one error every failed call to the BFF becomes (transport.ts makes it of a failed answer,
// upload.ts of a failed upload). Apart from the transport, so that what only reads a failure (a
// form's error handling, the mutation hook) does not bring the calls into a page's first scripts.
import type { Problem } from './types';

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

/** Said when the BFF could not be reached at all; the BFF never words this case itself. */
const NETWORK_DETAIL = 'We could not reach the server. Please check your connection and try again.';

/**
 * The BffError of a call whose answer never came (status 0), or that could not be made: the
 * browser's calls' own code failed to load (queries.ts), which to the person is the same.
 */
export function unreachable(method: string, url: string, cause?: unknown): BffError {
  return new BffError(`BFF unreachable: ${method} ${url}`, { status: 0, code: 'unavailable', detail: NETWORK_DETAIL }, { cause });
}

/** Whether a call failed because the browser abandoned it (an upload's Cancel, see upload.ts). */
export function isCancelled(error: unknown): boolean {
  return error instanceof BffError && error.code === CANCELLED;
}
