// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_STRING, sendLargeStringsAsBytes } from '@/lib/responseBytes';

// lib/responseBytes.ts: a large string body leaves the server as the bytes Node would have sent,
// encoded by us; what reaches the socket is a buffer, not a string for Node to convert.

// A page-sized string with what real pages hold beyond ASCII: arrows, ©, an emoji and an unpaired
// surrogate (which both encoders write as U+FFFD).
const PAGE = `<p>Savings → members © 2026 🎉 \ud800</p>`.repeat(Math.ceil((LARGE_STRING * 4) / 40));

type Seen = { socketChunks: string[] };
let server: http.Server;
let origin: string;
const seen: Record<string, Seen> = {};
const callbacksCalled: string[] = [];

beforeAll(async () => {
  sendLargeStringsAsBytes(http);
  sendLargeStringsAsBytes(http); // a second call must not wrap twice
  server = http.createServer((req, res) => {
    const record: Seen = { socketChunks: [] };
    seen[req.url ?? ''] = record;
    const socketWrite = res.socket!.write;
    res.socket!.write = function (this: unknown, chunk: unknown, ...rest: unknown[]) {
      record.socketChunks.push(typeof chunk === 'string' ? `string:${chunk.length}` : `bytes:${(chunk as Buffer).length}`);
      return (socketWrite as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof socketWrite;
    switch (req.url) {
      case '/end':
        res.setHeader('Content-Length', Buffer.byteLength(PAGE));
        res.end(PAGE);
        return;
      case '/callbacks':
        res.write(PAGE, () => callbacksCalled.push('write'));
        res.write(PAGE, 'utf-8', () => callbacksCalled.push('write utf-8'));
        res.end('end', 'utf8', () => callbacksCalled.push('end'));
        return;
      case '/latin1':
        res.end(PAGE, 'latin1');
        return;
      default:
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function bytesOf(path: string) {
  const response = await fetch(origin + path);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('large string responses', () => {
  it('send the same bytes and length Node would, as bytes', async () => {
    const { response, body } = await bytesOf('/end');
    expect(body.equals(Buffer.from(PAGE, 'utf8'))).toBe(true);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    // The headers are a short string of their own; the body reaches the socket as bytes.
    const chunks = seen['/end'].socketChunks;
    expect(chunks.filter((c) => c.startsWith('string:') && Number(c.slice(7)) >= LARGE_STRING)).toEqual([]);
    expect(chunks).toContain(`bytes:${body.length}`);
  });

  it('keep write and end with encodings and callbacks working', async () => {
    const { body } = await bytesOf('/callbacks');
    expect(body.equals(Buffer.concat([Buffer.from(PAGE), Buffer.from(PAGE), Buffer.from('end')]))).toBe(true);
    await expect.poll(() => callbacksCalled).toEqual(['write', 'write utf-8', 'end']);
  });

  it('leave a string in another encoding to Node', async () => {
    const { body } = await bytesOf('/latin1');
    expect(body.equals(Buffer.from(PAGE, 'latin1'))).toBe(true);
  });
});
