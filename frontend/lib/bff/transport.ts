// The one way to call the BFF, from the server (server.ts, and the proxy's page check in
// missingPage.ts) and from the browser (browser.ts) alike, and the one error every failed call
// becomes (error.ts). It reads no configuration, so the browser bundle may include it: the caller
// gives the full address. A file's upload (upload.ts) goes by tus-js-client instead, and fails with
// the same BffError, read here.
import { BffError, unreachable } from './error';
import type { Problem } from './types';

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

/**
 * The BffError of an answer that was not a document: its status and its body, problem+json or
 * not (upload.ts reads tus-js-client's answers with it).
 */
export function responseFailure(method: string, url: string, status: number, body: string): BffError {
  return failure(method, url, status, parseProblem(body));
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
