// A stand-in for the browser's XMLHttpRequest behind bffUpload: each request waits until the test
// reports its progress and answers it. Undo it with vi.unstubAllGlobals() after each test.
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
  aborted = false;
  upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
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
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  /** The BFF cannot be reached. */
  fail() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest; the requests made are in FakeXhr.sent, oldest first. */
export function stubXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}
