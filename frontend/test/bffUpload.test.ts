import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadsApi } from '@/lib/bff/browser';
import { BffError, CANCELLED, isCancelled } from '@/lib/bff/error';
import { bffUpload, unfinishedUploads } from '@/lib/bff/upload';
import { uploadLimits } from '@/lib/uploads';
import { accept, created, creationOf, request, stubXhr, tusMetadata, type FakeXhr } from './xhrStub';

// A case document's upload by tus (contracts/uploads.json): a creation, PATCHes of chunkBytes,
// the document from the last; a refusal as every other call's BffError, never tried again; Cancel
// ends it on the server; offline it waits and goes on from the server's offset; after a reload the
// same file goes on where it stopped.

vi.mock('tus-js-client', () => vi.importActual('tus-js-client/lib.esm/browser/index.js'));

// Each test's uploads end with it, so none goes on sending into the next test's requests.
const running: AbortController[] = [];
const signal = () => {
  const controller = new AbortController();
  running.push(controller);
  return controller.signal;
};

afterEach(() => {
  for (const controller of running.splice(0)) controller.abort();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const CASE = 'c-1';
const ENDPOINT = `/api/v1/cases/${CASE}/uploads`;
const stored = (name: string, size: number) => ({
  name,
  path: `forms/uploads/u-1/${CASE}/${name}`,
  bucket: 'b',
  url: `gs://b/forms/uploads/u-1/${CASE}/${name}`,
  size,
  contentType: 'application/pdf',
  timeCreated: '2026-03-05T10:00:00Z',
});
const pdf = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'application/pdf', lastModified: 1_700_000_000_000 });
const problem = (status: number, detail: string) => ({ type: 'about:blank', title: 'Refused', status, detail, code: 'invalid' });
const tusEntries = () => Object.keys(localStorage).filter((key) => key.startsWith('tus::'));
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('uploadsApi.upload', () => {
  it('creates the upload, sends it in chunks of chunkBytes with its progress, and answers the last PATCH’s document', async () => {
    const sent = stubXhr();
    const size = 2 * uploadLimits.chunkBytes + 10;
    const file = pdf('pay stub #1.pdf', size);
    const onProgress = vi.fn();
    const answer = uploadsApi.upload(CASE, file, { onProgress, signal: signal() });

    const post = await creationOf(sent, 'pay stub #1.pdf');
    expect(post.url).toBe(ENDPOINT);
    expect(post.headers).toMatchObject({ 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size) });
    expect(tusMetadata(post)).toEqual({ filename: 'pay stub #1.pdf', filetype: 'application/pdf' });
    expect(post.body ?? null).toBeNull();

    let patch = await created(sent, 'pay stub #1.pdf');
    const location = `${ENDPOINT}/pay%20stub%20%231.pdf`;
    expect(patch.url).toBe(location);
    expect(patch.headers).toMatchObject({ 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' });
    expect((patch.body as Blob).size).toBe(uploadLimits.chunkBytes);
    patch.progress(1000, uploadLimits.chunkBytes);
    expect(onProgress).toHaveBeenLastCalledWith(1000, size);
    // Its address is kept for a reload, under the case.
    expect(tusEntries()).toEqual([expect.stringMatching(/^tus::tus::c-1::pay stub #1\.pdf::/)]);

    accept(patch);
    patch = await request(sent, 'PATCH', (x) => x.headers['Upload-Offset'] === String(uploadLimits.chunkBytes));
    accept(patch);
    patch = await request(sent, 'PATCH', (x) => x.headers['Upload-Offset'] === String(2 * uploadLimits.chunkBytes));
    expect((patch.body as Blob).size).toBe(10);
    accept(patch, stored('pay stub #1.pdf', size), 201);
    await expect(answer).resolves.toEqual(stored('pay stub #1.pdf', size));
    expect(onProgress).toHaveBeenLastCalledWith(size, size);
    expect(sent.map((x) => x.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH']);
    // Finished: nothing left to go on with.
    expect(tusEntries()).toEqual([]);
  });

  it('sends an empty filetype when the browser knows none', async () => {
    const sent = stubXhr();
    void uploadsApi.upload(CASE, new File(['PK'], 'a.docx'), { signal: signal() }).catch(() => undefined);
    expect(tusMetadata(await creationOf(sent, 'a.docx'))).toEqual({ filename: 'a.docx', filetype: '' });
  });

  it('reads a refusal from its problem+json, as bffFetch does, and never asks again', async () => {
    const sent = stubXhr();
    const answer = uploadsApi.upload(CASE, pdf('scan.pdf', 10), { signal: signal() });
    const detail = 'You can upload up to 200 MB of files a day, and today’s are used up.';
    (await creationOf(sent, 'scan.pdf')).respond(413, problem(413, detail), { 'Content-Type': 'application/problem+json' });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BffError);
    expect(error).toMatchObject({ status: 413, code: 'invalid', detail, problem: { detail } });
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('does not ask again after a 409 or 429 at the last PATCH, and keeps a status whose body is not a problem', async () => {
    for (const [status, body] of [
      [409, problem(409, 'File a.pdf already exists. Please use a different name.')],
      [429, problem(429, 'You have 6 uploads in progress.')],
      [400, '<html>Bad request</html>'],
    ] as const) {
      const sent = stubXhr();
      const answer = uploadsApi.upload(CASE, pdf('a.pdf', 10), { signal: signal() });
      (await created(sent, 'a.pdf')).respond(status, body);
      await expect(answer).rejects.toMatchObject({ status, problem: typeof body === 'string' ? undefined : { detail: body.detail } });
      await settle();
      expect(sent.map((x) => x.method)).toEqual(['POST', 'PATCH']);
      // The server removed the refused upload: nothing is left to go on with after a reload.
      await vi.waitFor(() => expect(tusEntries()).toEqual([]));
    }
  });

  it('after a 409 offset_mismatch (the server has more, or another request took over) asks the offset again and goes on from there', async () => {
    const sent = stubXhr();
    const answer = uploadsApi.upload(CASE, pdf('a.pdf', 10), { signal: signal() });
    const mismatch = { ...problem(409, 'The upload could not continue from there: ERR_MISMATCHED_OFFSET: mismatched offset'), code: 'offset_mismatch' };
    (await created(sent, 'a.pdf')).respond(409, mismatch, { 'Content-Type': 'application/problem+json' });
    const head = await request(sent, 'HEAD');
    head.respond(200, '', { 'Upload-Offset': '7', 'Upload-Length': '10' });
    const rest = await request(sent, 'PATCH', (x) => x.headers['Upload-Offset'] === '7');
    expect((rest.body as Blob).size).toBe(3);
    accept(rest, stored('a.pdf', 10));
    await expect(answer).resolves.toMatchObject({ name: 'a.pdf' });
    expect(sent.map((x) => x.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
  });

  it('waits after a network error (paused) and goes on from the server’s offset', async () => {
    const sent = stubXhr();
    const onPaused = vi.fn();
    const onProgress = vi.fn();
    const answer = uploadsApi.upload(CASE, pdf('a.pdf', 10), { onPaused, onProgress, signal: signal() });
    const patch = await created(sent, 'a.pdf');
    patch.fail();
    await vi.waitFor(() => expect(onPaused).toHaveBeenLastCalledWith(true));
    const head = await request(sent, 'HEAD');
    expect(head.url).toBe(`${ENDPOINT}/a.pdf`);
    head.respond(200, '', { 'Upload-Offset': '4', 'Upload-Length': '10' });
    const rest = await request(sent, 'PATCH', (x) => x.headers['Upload-Offset'] === '4');
    expect(onPaused).toHaveBeenLastCalledWith(false);
    expect((rest.body as Blob).size).toBe(6);
    accept(rest, stored('a.pdf', 10));
    await expect(answer).resolves.toMatchObject({ name: 'a.pdf' });
    expect(onPaused.mock.calls).toEqual([[true], [false]]);
  });

  it('stops while the browser is offline and starts again, from the server’s offset, once it is online', async () => {
    const sent = stubXhr();
    const onPaused = vi.fn();
    const answer = uploadsApi.upload(CASE, pdf('a.pdf', 10), { onPaused, signal: signal() });
    const patch = await created(sent, 'a.pdf');

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(onPaused).toHaveBeenLastCalledWith(true);
    expect(patch.aborted).toBe(true);
    await settle();
    expect(sent).toHaveLength(2);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(onPaused).toHaveBeenLastCalledWith(false);
    const head = await request(sent, 'HEAD');
    head.respond(200, '', { 'Upload-Offset': '3', 'Upload-Length': '10' });
    const rest = await request(sent, 'PATCH', (x) => x.headers['Upload-Offset'] === '3');
    accept(rest, stored('a.pdf', 10));
    await expect(answer).resolves.toMatchObject({ name: 'a.pdf' });
  });

  it('waits without sending anything when it starts offline', async () => {
    const sent = stubXhr();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onPaused = vi.fn();
    void uploadsApi.upload(CASE, pdf('a.pdf', 10), { onPaused, signal: signal() }).catch(() => undefined);
    await vi.waitFor(() => expect(onPaused).toHaveBeenCalledWith(true));
    expect(sent).toHaveLength(0);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await creationOf(sent, 'a.pdf');
  });

  it('ends the upload on the server when cancelled, and rejects as cancelled', async () => {
    const sent = stubXhr();
    const controller = new AbortController();
    const answer = uploadsApi.upload(CASE, pdf('a.pdf', 10), { signal: controller.signal });
    const patch = await created(sent, 'a.pdf');
    expect(tusEntries()).toHaveLength(1);
    controller.abort();
    const error = await answer.catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: CANCELLED });
    expect(isCancelled(error)).toBe(true);
    expect(patch.aborted).toBe(true);
    const del: FakeXhr = await request(sent, 'DELETE');
    expect(del.url).toBe(`${ENDPOINT}/a.pdf`);
    expect(del.headers['Tus-Resumable']).toBe('1.0.0');
    del.respond(204);
    await vi.waitFor(() => expect(tusEntries()).toEqual([]));
  });

  it('is cancelled without a request when its signal aborted before it started', async () => {
    const sent = stubXhr();
    const controller = new AbortController();
    controller.abort();
    await expect(bffUpload(ENDPOINT, pdf('b.pdf', 3), CASE, { signal: controller.signal })).rejects.toMatchObject({ code: CANCELLED });
    await settle();
    expect(sent).toHaveLength(0);
  });
});

describe('after a reload', () => {
  const remember = (name: string, size: number, scope = CASE, creationTime = new Date().toString()) =>
    localStorage.setItem(
      `tus::tus::${scope}::${name}::${size}::1700000000000::${Math.round(Math.random() * 1e12)}`,
      JSON.stringify({ size, metadata: { filename: name, filetype: 'application/pdf' }, creationTime, uploadUrl: `/api/v1/cases/${scope}/uploads/${name}` }),
    );

  it('goes on with the same file of the same case from the server’s offset', async () => {
    remember('a.pdf', 10);
    const sent = stubXhr();
    const answer = uploadsApi.upload(CASE, pdf('a.pdf', 10), { signal: signal() });
    const head = await request(sent, 'HEAD');
    expect(head.url).toBe(`${ENDPOINT}/a.pdf`);
    head.respond(200, '', { 'Upload-Offset': '8', 'Upload-Length': '10' });
    const rest = await request(sent, 'PATCH');
    expect(rest.headers['Upload-Offset']).toBe('8');
    accept(rest, stored('a.pdf', 10));
    await expect(answer).resolves.toMatchObject({ name: 'a.pdf' });
    expect(sent.map((x) => x.method)).toEqual(['HEAD', 'PATCH']);
  });

  it('starts anew for another case', async () => {
    remember('a.pdf', 10, 'c-2');
    const sent = stubXhr();
    void uploadsApi.upload(CASE, pdf('a.pdf', 10), { signal: signal() }).catch(() => undefined);
    await creationOf(sent, 'a.pdf');
    expect(sent.map((x) => x.method)).toEqual(['POST']);
  });

  it('lists the case’s unfinished uploads, newest first, and forgets those the server has removed', async () => {
    remember('old.pdf', 10, CASE, new Date(Date.now() - (uploadLimits.resumableHours + 1) * 3_600_000).toString());
    remember('a.pdf', 10, CASE, new Date(Date.now() - 60_000).toString());
    remember('b.pdf', 20);
    remember('other.pdf', 10, 'c-2');
    expect(await unfinishedUploads(CASE)).toEqual([
      { name: 'b.pdf', size: 20 },
      { name: 'a.pdf', size: 10 },
    ]);
    expect(tusEntries().some((key) => key.includes('old.pdf'))).toBe(false);
    expect(await uploadsApi.unfinished('c-2')).toEqual([{ name: 'other.pdf', size: 10 }]);
  });
});
