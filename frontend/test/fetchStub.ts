// A stand-in for the BFF behind the browser's fetch: each test says what the next calls answer.
// Undo it with vi.unstubAllGlobals() after each test.
import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body?: unknown;
  /** Headers besides the Content-Type. */
  headers?: Record<string, string>;
}

type Handler = (url: string, init: RequestInit) => StubAnswer | Promise<StubAnswer>;

/** Replaces fetch; every call is answered by `handler` as JSON (a problem when not 2xx). */
export function stubFetch(handler: Handler) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { status = 200, body = {}, headers = {} } = await handler(String(input), init);
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type, ...headers } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** An RFC 9457 problem as the BFF words it: the message for people is the detail. */
export function problem(status: number, detail: string, errors: { field: string; message: string }[] = []) {
  return { status, body: { type: 'about:blank', title: `Status ${status}`, status, detail, code: 'invalid', errors } };
}

/** The JSON body of the n-th call (0-based). */
export function sentBody(fetch: ReturnType<typeof stubFetch>, n = 0): unknown {
  const init = fetch.mock.calls[n]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
