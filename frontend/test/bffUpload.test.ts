import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadsApi } from '@/lib/bff/browser';
import { BffError, bffUpload, CANCELLED, isCancelled } from '@/lib/bff/transport';
import { stubXhr } from './xhrStub';

// The one upload beside bffFetch: the file's bytes as the body, progress on the way, and the same
// BffError as every other call.

afterEach(() => vi.unstubAllGlobals());

const stored = {
  name: 'pay stub #1.pdf',
  path: 'forms/uploads/u-1/c-1/pay stub #1.pdf',
  bucket: 'b',
  url: 'gs://b/forms/uploads/u-1/c-1/pay stub #1.pdf',
  size: 5,
  contentType: 'application/pdf',
  timeCreated: '2026-03-05T10:00:00Z',
};

describe('bffUpload', () => {
  it('sends the file as the body with its type, reports progress and answers the document', async () => {
    const sent = stubXhr();
    const file = new File(['%PDF-'], 'pay stub #1.pdf', { type: 'application/pdf' });
    const onProgress = vi.fn();
    const answer = uploadsApi.upload('c-1', file, { onProgress });
    const [xhr] = sent;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/cases/c-1/uploads?name=pay%20stub%20%231.pdf');
    expect(xhr.body).toBe(file);
    expect(xhr.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/pdf' });
    xhr.progress(2, 5);
    expect(onProgress).toHaveBeenLastCalledWith(2, 5);
    xhr.respond(201, stored);
    await expect(answer).resolves.toEqual(stored);
  });

  it('leaves the Content-Type out when the browser knows no type', () => {
    const sent = stubXhr();
    void bffUpload('/api/v1/cases/c-1/uploads?name=a.docx', new File(['PK'], 'a.docx'));
    expect(sent[0].headers).toEqual({ Accept: 'application/json' });
  });

  it('reads a refusal from its problem+json, as bffFetch does', async () => {
    const sent = stubXhr();
    const answer = bffUpload('/u', new File(['MZ'], 'scan.pdf', { type: 'application/pdf' }));
    const detail = 'scan.pdf is not a valid PDF file. File type not allowed.';
    sent[0].respond(400, { type: 'about:blank', title: 'Bad Request', status: 400, detail, code: 'invalid' });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BffError);
    expect(error).toMatchObject({ status: 400, code: 'invalid', detail, problem: { detail } });
  });

  it('keeps a status whose body is not a problem', async () => {
    const sent = stubXhr();
    const answer = bffUpload('/u', new File(['x'], 'a.pdf'));
    sent[0].respond(502, '<html>Bad gateway</html>');
    await expect(answer).rejects.toMatchObject({ status: 502, problem: undefined });
  });

  it('is status 0 when the BFF cannot be reached', async () => {
    const sent = stubXhr();
    const answer = bffUpload('/u', new File(['x'], 'a.pdf'));
    sent[0].fail();
    const error = await answer.catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'unavailable' });
    expect(isCancelled(error)).toBe(false);
  });

  it('is a cancelled error when its signal aborts, before or during the upload', async () => {
    const sent = stubXhr();
    const controller = new AbortController();
    const answer = bffUpload('/u', new File(['x'], 'a.pdf'), { signal: controller.signal });
    controller.abort();
    expect(sent[0].aborted).toBe(true);
    const error = await answer.catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: CANCELLED });
    expect(isCancelled(error)).toBe(true);

    await expect(bffUpload('/u', new File(['x'], 'b.pdf'), { signal: controller.signal })).rejects.toMatchObject({ code: CANCELLED });
    expect(sent).toHaveLength(1);
  });
});
