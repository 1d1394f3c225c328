// Large string bodies go out as bytes.
//
// Next sends a page from its page cache (lib/pageCache.ts) as one string: `res.end(html)`, about
// 120 KB for the home page. Node writes a string to a socket by converting it with V8's UTF-8
// writer into a buffer sized for the worst case, which on our servers costs about 1.7 ms for that
// page; encoding it first with TextEncoder (simdutf) and writing the bytes costs about 0.1 ms.
// That conversion was the largest single cost of serving a cached page (a third of the server's
// time in a profile under load). The bytes are the same, so is Content-Length (Next counts it with
// Buffer.byteLength, which encodes the same way, lone surrogates included).
import type * as NodeHttp from 'node:http';

/** Strings shorter than this go through Node as they are: its own path is as quick for them. */
export const LARGE_STRING = 16 * 1024;

const encoder = new TextEncoder();
const PATCHED = Symbol.for('portal.responseBytes');

/** The chunk as bytes when it is a large string written as UTF-8 (Node's default); else as given. */
function asBytes(chunk: unknown, encoding: unknown): unknown {
  if (typeof chunk !== 'string' || chunk.length < LARGE_STRING) return chunk;
  if (typeof encoding === 'string' && !/^utf-?8$/i.test(encoding)) return chunk;
  const bytes = encoder.encode(chunk);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

type Write = (this: NodeHttp.ServerResponse, chunk: unknown, ...rest: unknown[]) => unknown;

/**
 * Makes every server response of this process encode large string chunks itself before Node
 * writes them. Called once at server start (instrumentation.ts); calling it again does nothing.
 * Arguments other than the chunk pass through untouched, so every form of write() and end()
 * (with or without encoding and callback) behaves as before.
 */
export function sendLargeStringsAsBytes(http: typeof NodeHttp): void {
  const proto = http.ServerResponse.prototype as unknown as Record<'write' | 'end', Write> & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  for (const method of ['write', 'end'] as const) {
    const original = proto[method];
    proto[method] = function (chunk, ...rest) {
      return original.call(this, asBytes(chunk, rest[0]), ...rest);
    };
  }
}
