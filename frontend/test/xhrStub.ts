// A stand-in for the browser's XMLHttpRequest, which tus-js-client sends an upload's requests by
// (lib/bff/upload.ts): each request waits until the test reports its progress and answers it.
// Undo it with vi.unstubAllGlobals() after each test. Tests that upload load tus-js-client's
// browser build, as the app's bundle does, rather than its Node build (Vitest's choice):
//   vi.mock('tus-js-client', () => vi.importActual('tus-js-client/lib.esm/browser/index.js'));
import { vi } from 'vitest';

type Listener = ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;

export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: ((event?: unknown) => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    const found = Object.keys(this.responseHeaders).find((key) => key.toLowerCase() === name.toLowerCase());
    return found === undefined ? null : this.responseHeaders[found];
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` bytes of `total` sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }

  /** The BFF answers; a status of 400 or more as problem+json. */
  respond(status: number, body: unknown = '', headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.();
  }

  /** The BFF cannot be reached. */
  fail() {
    this.onerror?.(new Event('error'));
  }
}

/** Replaces XMLHttpRequest; the requests made are in FakeXhr.sent, oldest first. */
export function stubXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}

/** A tus creation's Upload-Metadata, decoded ('filename' → 'a.pdf'). */
export function tusMetadata(xhr: FakeXhr): Record<string, string> {
  const pairs = (xhr.headers['Upload-Metadata'] ?? '').split(',').filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      const [key, value = ''] = pair.split(' ');
      return [key, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))];
    }),
  );
}

/** The newest request matching, once the upload has sent it (tus-js-client starts on promises). */
export async function request(sent: FakeXhr[], method: string, match: (xhr: FakeXhr) => boolean = () => true): Promise<FakeXhr> {
  let found: FakeXhr | undefined;
  await vi.waitFor(() => {
    found = sent.findLast((xhr) => xhr.method === method && match(xhr));
    if (!found) throw new Error(`no ${method} sent`);
  });
  return found!;
}

/** The creation (POST) of the upload of `name`. */
export const creationOf = (sent: FakeXhr[], name: string) => request(sent, 'POST', (xhr) => tusMetadata(xhr).filename === name);

/** Where the stand-in BFF puts the upload created by `post`. */
export const locationOf = (post: FakeXhr) => `${post.url}/${encodeURIComponent(tusMetadata(post).filename)}`;

/** Answers the creation of `name` (201 with its address) and answers the first PATCH it then sends. */
export async function created(sent: FakeXhr[], name: string): Promise<FakeXhr> {
  const post = await creationOf(sent, name);
  const location = locationOf(post);
  post.respond(201, '', { Location: location });
  return request(sent, 'PATCH', (xhr) => xhr.url === location);
}

/** The BFF takes a PATCH's bytes: 204 with the new offset, or, for the last, `document` as JSON. */
export function accept(patch: FakeXhr, document?: unknown, status = 200) {
  const offset = Number(patch.headers['Upload-Offset']) + (patch.body as Blob).size;
  if (document === undefined) patch.respond(204, '', { 'Upload-Offset': String(offset) });
  else patch.respond(status, document, { 'Upload-Offset': String(offset), 'Content-Type': 'application/json' });
}
