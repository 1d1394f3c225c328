import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseFileEntry } from '@/lib/bff/types';
import { CaseUploads } from '@/components/uploads/CaseUploads';
import { problem, sentBody, stubFetch } from './fetchStub';
import { renderWithSession, SIGNED_IN } from './session';
import { accept, created, creationOf, request, stubXhr, tusMetadata, type FakeXhr } from './xhrStub';

// A case's supporting documents (spec 2 §2, §4, §5, §8): its files with their states, the checks
// of a chosen file, three uploads at a time with their progress, paused while offline, Remove and
// Cancel, the uploads a reload left unfinished, and Submit.

// The browser build of tus-js-client, as the app's bundle has it (see xhrStub.ts).
vi.mock('tus-js-client', () => vi.importActual('tus-js-client/lib.esm/browser/index.js'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const CASE = 'c-1';
const FILES_URL = `/api/v1/cases/${CASE}/files`;
const PHONE = '800-472-2005';

const entry = (name: string, state: CaseFileEntry['state'], extra: Partial<CaseFileEntry> = {}): CaseFileEntry => ({ name, state, ...extra });
const where = (name: string) => ({ path: `forms/uploads/u-123/${CASE}/${name}`, bucket: 'b', url: `gs://b/forms/uploads/u-123/${CASE}/${name}` });
const stored = (name: string) => ({ name, ...where(name), size: 3, contentType: 'application/pdf', timeCreated: '2026-03-05T10:00:00Z' });
const pdf = (name: string, size?: number) => new File(size ? [new Uint8Array(size)] : ['%PDF'], name, { type: 'application/pdf' });
const UPLOADS_URL = `/api/v1/cases/${CASE}/uploads`;

/** The stand-in BFF creates the upload of `name` and takes its one PATCH, answering `document`. */
async function finish(sent: FakeXhr[], name: string, document: unknown, status = 201) {
  await act(async () => accept(await created(sent, name), document, status));
}

/** The files listing answers `listed()` each time; submissions answer `submitted`. */
function stubBff(listed: () => CaseFileEntry[], submitted?: () => { status?: number; body?: unknown }) {
  return stubFetch((url, init) => {
    if (url === FILES_URL && init.method === 'POST') return submitted?.() ?? { body: { files: listed() } };
    if (url === FILES_URL) return { body: { files: listed() } };
    return { status: 404, body: {} };
  });
}

function render() {
  renderWithSession(<CaseUploads caseId={CASE} supportPhone={PHONE} />, SIGNED_IN);
  return screen.getByRole('region', { name: 'Supporting documents' });
}

const choose = (block: HTMLElement, files: File[]) => fireEvent.change(within(block).getByLabelText('Choose files'), { target: { files } });
const items = (block: HTMLElement) => within(block).queryAllByTestId('upload-item');
const itemOf = (block: HTMLElement, name: string) => items(block).find((li) => li.textContent?.includes(name))!;

describe('CaseUploads', () => {
  it('says a case id is needed, and nothing else, without one', () => {
    const fetch = stubFetch(() => ({ body: {} }));
    renderWithSession(<CaseUploads caseId="" supportPhone={PHONE} />, SIGNED_IN);
    expect(screen.getByRole('alert').textContent).toBe('Case ID required for upload component!');
    expect(screen.queryByLabelText('Choose files')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("lists the case's files: added with the date, sending, and failed to process with Try again", async () => {
    const fetch = stubBff(() => [
      entry('discharge-summary.pdf', 'failed', { size: 2048, ...where('discharge-summary.pdf') }),
      entry('hospital-bill.pdf', 'sending', { added: '2026-03-04T09:00:00Z' }),
      entry('pay-stub-august.pdf', 'added', { added: '2026-03-05T10:00:00Z', size: 300_000 }),
    ]);
    const block = render();
    const list = await within(block).findByRole('list', { name: 'Documents of this case' });
    const rows = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual([
      'discharge-summary.pdf2 KBFailed to processTry again discharge-summary.pdf',
      'hospital-bill.pdfSending',
      'pay-stub-august.pdf293 KBAdded March 05, 2026',
    ]);

    fireEvent.click(within(list).getByRole('button', { name: 'Try again discharge-summary.pdf' }));
    await waitFor(() => expect(within(block).getByRole('status').textContent).toBe('Your files were submitted.'));
    expect(fetch.mock.calls[1][1]?.method).toBe('POST');
    expect(sentBody(fetch, 1)).toEqual({ files: [{ name: 'discharge-summary.pdf', ...where('discharge-summary.pdf') }] });
  });

  it('says when the case has no documents yet, and offers every accepted type', async () => {
    stubBff(() => []);
    const block = render();
    expect(await within(block).findByText('No documents have been added to this case yet.')).toBeTruthy();
    const input = within(block).getByLabelText('Choose files') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png');
    expect(input.getAttribute('aria-describedby')).toBe(within(block).getByText('Accepted: doc, docx, pdf, jpg, png, up to 20 MB each.').id);
    expect(within(block).getByText('or drop them here')).toBeTruthy();
  });

  it('never queues a file that fails a check, and shows why until dismissed', async () => {
    stubBff(() => []);
    const sent = stubXhr();
    const block = render();
    choose(block, [new File(['MZ'], 'setup.exe'), new File([new Uint8Array(0)], 'blank.pdf', { type: 'application/pdf' }), pdf('a.pdf')]);
    const alert = within(block).getByTestId('upload-errors');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['File type exe not allowed.', 'blank.pdf is empty.']);
    expect(items(block).map((li) => li.textContent)).toEqual([expect.stringContaining('a.pdf')]);
    await act(async () => void (await creationOf(sent, 'a.pdf')));
    expect(sent).toHaveLength(1);

    choose(block, [pdf('a.pdf')]);
    expect(within(alert).getAllByRole('listitem').at(-1)?.textContent).toBe('Cannot add file of the same name a.pdf');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(alert.textContent).toBe('');
  });

  it('uploads three at a time with their progress; queued ones can be removed, uploading ones cancelled', async () => {
    stubBff(() => []);
    const sent = stubXhr();
    const block = render();
    const KB300 = 300 * 1024;
    choose(block, ['a', 'b', 'c', 'd'].map((n) => pdf(`${n}.pdf`, KB300)));
    expect(items(block).map((li) => li.dataset.state)).toEqual(['uploading', 'uploading', 'uploading', 'queued']);
    await act(() => vi.waitFor(() => expect(sent).toHaveLength(3)));
    expect(sent.map((x) => [x.method, x.url, tusMetadata(x).filename])).toEqual(
      ['a', 'b', 'c'].map((n) => ['POST', UPLOADS_URL, `${n}.pdf`]),
    );

    let patch: FakeXhr | undefined;
    await act(async () => void (patch = await created(sent, 'a.pdf')));
    act(() => patch?.progress(KB300 / 2, KB300));
    const bar = within(itemOf(block, 'a.pdf')).getByRole('progressbar', { name: 'Uploading a.pdf' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([KB300 / 2, KB300]);
    expect(itemOf(block, 'a.pdf').textContent).toContain('50%');
    expect(itemOf(block, 'a.pdf').textContent).toContain('150 KB of 300 KB');
    expect(within(block).getByText('a.pdf: 50% uploaded')).toBeTruthy();

    // Uploading and uploaded files cannot be removed; queued ones can.
    expect(within(itemOf(block, 'a.pdf')).queryByRole('button', { name: /^Remove/ })).toBeNull();
    fireEvent.click(within(itemOf(block, 'd.pdf')).getByRole('button', { name: 'Remove d.pdf' }));
    expect(items(block)).toHaveLength(3);

    fireEvent.click(within(itemOf(block, 'b.pdf')).getByRole('button', { name: 'Cancel b.pdf' }));
    await waitFor(() => expect(itemOf(block, 'b.pdf').dataset.state).toBe('failed'));
    expect(itemOf(block, 'b.pdf').textContent).toContain('User cancelled upload: b.pdf');
    expect(within(itemOf(block, 'b.pdf')).getByRole('button', { name: 'Remove b.pdf' })).toBeTruthy();

    await act(async () => accept(patch!, stored('a.pdf')));
    await waitFor(() => expect(itemOf(block, 'a.pdf').dataset.state).toBe('uploaded'));
    expect(within(itemOf(block, 'a.pdf')).queryByRole('button')).toBeNull();
  });

  it('shows an upload that lost its connection as paused, with its progress and Cancel, and goes on by itself', async () => {
    stubBff(() => []);
    const sent = stubXhr();
    const block = render();
    choose(block, [pdf('a.pdf', 2048)]);
    let patch: FakeXhr | undefined;
    await act(async () => void (patch = await created(sent, 'a.pdf')));
    act(() => patch?.progress(1024, 2048));

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    const item = itemOf(block, 'a.pdf');
    expect(item.dataset.state).toBe('paused');
    expect(item.textContent).toContain('Paused: waiting for a connection');
    expect(item.textContent).toContain('1 KB of 2 KB');
    expect(within(item).getByRole('progressbar', { name: 'Uploading a.pdf' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Cancel a.pdf' })).toBeTruthy();
    expect(within(block).getByText('a.pdf: Paused: waiting for a connection')).toBeTruthy();

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(itemOf(block, 'a.pdf').dataset.state).toBe('uploading');
    expect(within(block).getByText('a.pdf: Uploading')).toBeTruthy();
    await act(async () => (await request(sent, 'HEAD')).respond(200, '', { 'Upload-Offset': '1024', 'Upload-Length': '2048' }));
    await act(async () => accept(await request(sent, 'PATCH', (x) => x.headers['Upload-Offset'] === '1024'), stored('a.pdf')));
    await waitFor(() => expect(itemOf(block, 'a.pdf').dataset.state).toBe('uploaded'));
  });

  it('says which uploads a reload left unfinished, until the file is chosen again', async () => {
    stubBff(() => []);
    const remembered = { size: 4, metadata: { filename: 'scan.pdf', filetype: 'application/pdf' }, creationTime: new Date().toString() };
    localStorage.setItem(`tus::tus::${CASE}::scan.pdf::4::1::1`, JSON.stringify({ ...remembered, uploadUrl: `${UPLOADS_URL}/scan.pdf` }));
    localStorage.setItem('tus::tus::c-2::other.pdf::4::1::1', JSON.stringify({ ...remembered, uploadUrl: '/x' }));
    const sent = stubXhr();
    const block = render();
    const hint = 'Not finished: scan.pdf. Choose the same file again to continue where it stopped.';
    expect(await within(block).findByText(hint)).toBeTruthy();
    expect(within(block).queryByText(/other\.pdf/)).toBeNull();
    choose(block, [pdf('scan.pdf')]);
    expect(within(block).queryByText(hint)).toBeNull();
    await act(async () => void (await creationOf(sent, 'scan.pdf')));
  });

  it("shows the BFF's refusal, a network failure and an unauthorized upload in their words", async () => {
    stubBff(() => []);
    const sent = stubXhr();
    const block = render();
    choose(block, [pdf('scan.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
    await act(async () => {
      (await created(sent, 'scan.pdf')).respond(400, problem(400, 'scan.pdf is not a valid PDF file. File type not allowed.').body);
      (await creationOf(sent, 'b.pdf')).fail();
      (await creationOf(sent, 'c.pdf')).respond(401, problem(401, 'Please log in.').body);
    });
    await waitFor(() => expect(itemOf(block, 'scan.pdf').textContent).toContain('scan.pdf is not a valid PDF file. File type not allowed.'));
    // Not reached: it waits and tries again rather than fail.
    await waitFor(() => expect(itemOf(block, 'b.pdf').dataset.state).toBe('paused'));
    await waitFor(() => expect(itemOf(block, 'c.pdf').textContent).toContain(`contact the grants team at ${PHONE}.`));
  });

  it('submits the uploaded files once; they leave the queue and the case reloads', async () => {
    let listed: CaseFileEntry[] = [];
    let answer: (value: { body: unknown }) => void = () => undefined;
    const fetch = stubBff(
      () => listed,
      () => new Promise((resolve) => (answer = resolve)) as never,
    );
    const sent = stubXhr();
    const block = render();
    await within(block).findByText('No documents have been added to this case yet.');
    choose(block, [pdf('a.pdf'), pdf('b.pdf')]);
    const submit = within(block).getByRole('button', { name: 'Submit files' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    await finish(sent, 'a.pdf', stored('a.pdf'));
    await waitFor(() => expect(submit.disabled).toBe(false));
    // The BFF lists an uploaded file not yet submitted as failed; the block knows better.
    listed = [entry('a.pdf', 'failed', where('a.pdf'))];
    expect(submit.disabled).toBe(false);

    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1));
    expect(sentBody(fetch, 1)).toEqual({ files: [{ name: 'a.pdf', ...where('a.pdf') }] });

    listed = [entry('a.pdf', 'added', { added: '2026-03-05T10:00:00Z' })];
    await act(async () => answer({ body: { files: listed } }));
    await waitFor(() => expect(within(block).getByRole('status').textContent).toBe('Your files were submitted.'));
    expect(items(block).map((li) => li.textContent)).toEqual([expect.stringContaining('b.pdf')]);
    expect(within(block).getByText('Added March 05, 2026')).toBeTruthy();
    // The case reloaded: the listing was asked again after the submission.
    await waitFor(() => expect(fetch.mock.calls.filter(([url, init]) => url === FILES_URL && init?.method === 'GET')).toHaveLength(2));
  });

  it('says a failed submission', async () => {
    stubBff(() => [], () => problem(503, 'Unavailable'));
    const sent = stubXhr();
    const block = render();
    choose(block, [pdf('a.pdf')]);
    await finish(sent, 'a.pdf', stored('a.pdf'));
    await waitFor(() => expect(itemOf(block, 'a.pdf').dataset.state).toBe('uploaded'));
    fireEvent.click(within(block).getByRole('button', { name: 'Submit files' }));
    expect(await within(block).findByText('Something went wrong while processing your files for submission.')).toBeTruthy();
    expect(itemOf(block, 'a.pdf').dataset.state).toBe('uploaded');
  });

  it('hides a listed failed file while it is uploaded here and waiting to be submitted', async () => {
    stubBff(() => [entry('a.pdf', 'failed', where('a.pdf')), entry('old.pdf', 'failed', where('old.pdf'))]);
    const sent = stubXhr();
    const block = render();
    const list = await within(block).findByRole('list', { name: 'Documents of this case' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    choose(block, [pdf('a.pdf')]);
    await finish(sent, 'a.pdf', stored('a.pdf'), 200);
    await waitFor(() => expect(itemOf(block, 'a.pdf').dataset.state).toBe('uploaded'));
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('old.pdf'),
    ]);
  });
});
