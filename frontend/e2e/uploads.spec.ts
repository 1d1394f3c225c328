import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type CDPSession, type Locator, type Page } from '@playwright/test';
import { formatDisplayDate } from '../lib/dates';
import { atEachViewport, DESKTOP, seriousAxeViolations } from './axe';
import { confirmEmail, MEMBER, open, registerMember, submitCase } from './members';

// A grant case's supporting documents (spec 2 §2 'Case status block', §4 'Case file lifecycle',
// §5 'Uploads', §8): files chosen on My Forms upload three at a time with their progress, a queued
// one can be removed, the uploaded ones are submitted and show as added; the browser's checks and
// the BFF's refusals in their words; the seeded case's files in each state; accessibility at
// desktop and phone widths. Every test that uploads registers its own member and case;
// member@example.com and its seeded hospital case are only read.

/** member@example.com's Hospital Grant, seeded with pay-stub-august.pdf (added), hospital-bill.pdf (sending), discharge-summary.pdf (failed). */
const SEEDED_CASE = '3f9c2a7e51d04b6c8e1f0a2b4c6d8e90';



/** A fresh member with one case, on My Forms; answers the case's upload area. */
async function memberWithCase(page: Page): Promise<Locator> {
  return (await memberAndCase(page)).area;
}

/** memberWithCase, with the case's id, before My Forms is opened (`prepare` may add files by the API first). */
async function memberAndCase(page: Page, prepare?: (caseId: string) => Promise<void>): Promise<{ area: Locator; caseId: string }> {
  const { uid, email } = await registerMember(page.request);
  await confirmEmail(page.request, email);
  const caseId = await submitCase(page.request, email);
  await prepare?.(caseId);
  await open(page, `/account/${uid}/forms`);
  const area = uploadArea(page, caseId);
  if (!prepare) await expect(area.getByText('No documents have been added to this case yet.')).toBeVisible();
  return { area, caseId };
}


/** A case's block on My Forms (its heading's id is case-{id}), and its documents' region. */
const caseBlock = (page: Page, caseId: string) => page.getByRole('article').filter({ has: page.locator(`[id="case-${caseId}"]`) });
const uploadArea = (page: Page, caseId: string) => caseBlock(page, caseId).getByRole('region', { name: 'Supporting documents' });

/** The queue's rows, all or in one state; one row by its file's name. */
const queueItems = (area: Locator, state?: string) =>
  area.locator(state ? `[data-testid="upload-item"][data-state="${state}"]` : '[data-testid="upload-item"]');
const queueItem = (area: Locator, name: string) => queueItems(area).filter({ hasText: name });
/** The case's files as the BFF lists them; one by name. */
const caseFile = (area: Locator, name: string) => area.getByTestId('case-file').filter({ hasText: name });

const KB = 1024;
const SIGNATURES = {
  pdf: Buffer.from('%PDF-1.4\n'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
};
const MIME = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };

/** A file of `size` bytes that starts with its type's signature (the rest is spaces; a PDF ends with %%EOF). */
function fileOf(name: string, size = 300 * KB) {
  const ext = name.slice(name.lastIndexOf('.') + 1) as keyof typeof SIGNATURES;
  const buffer = Buffer.alloc(size, 0x20);
  SIGNATURES[ext].copy(buffer, 0);
  if (ext === 'pdf') Buffer.from('\n%%EOF\n').copy(buffer, size - 7);
  return { name, mimeType: MIME[ext], buffer };
}

/**
 * Slows the browser's uploads to `bytesPerSecond` (shared by the uploads under way), so progress
 * can be seen; answers how to lift it. `network.offline(true)` cuts the connection (the browser
 * goes offline, requests under way fail), `network.offline(false)` gives it back at the same speed.
 */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const set = (offline: boolean, uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput });
  await set(false, bytesPerSecond);
  const unthrottle = async () => {
    await set(false, -1);
    await cdp.detach();
  };
  return Object.assign(unthrottle, { offline: (cut: boolean) => set(cut, bytesPerSecond) });
}

/** A chunk of an upload the page sent, once answered: where in the file it began, its bytes, when. */
interface Chunk {
  offset: number;
  bytes: number;
  at: number;
}

/**
 * Watches every request the page makes to the BFF (/api/v1): the largest body any carried, and
 * each upload chunk (PATCH) that was answered.
 */
function watchRequests(page: Page) {
  const seen = { largestBody: 0, chunks: [] as Chunk[] };
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/v1/')) return;
    const at = Date.now();
    // The length the browser sent (Playwright cannot read an XMLHttpRequest's Blob body).
    void request.allHeaders().then((headers) => {
      const bytes = Number(headers['content-length'] ?? 0);
      seen.largestBody = Math.max(seen.largestBody, bytes);
      if (request.method() === 'PATCH') seen.chunks.push({ offset: Number(headers['upload-offset']), bytes, at });
    });
  });
  return seen;
}

/** The bytes of the chunks answered after `since`, and the offset the first of them began at. */
function sentAfter(chunks: Chunk[], since: number) {
  const after = chunks.filter((c) => c.at > since).sort((a, b) => a.offset - b.offset);
  return { from: after[0]?.offset ?? NaN, bytes: after.reduce((sum, c) => sum + c.bytes, 0) };
}

/** An upload's progress bar's share of the file, 0 to 1. */
const shareSent = (item: Locator) => item.getByRole('progressbar').evaluate((p: HTMLProgressElement) => p.value / p.max);

/** Uploads a file to the case through the BFF's tus routes, as a script would: the creation, then one chunk. */
async function uploadByApi(request: APIRequestContext, caseId: string, name: string, buffer: Buffer) {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await request.post(`/api/v1/cases/${caseId}/uploads`, {
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(buffer.length), 'Upload-Metadata': `filename ${b64(name)},filetype ${b64('application/pdf')}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const done = await request.patch(created.headers().location, {
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: buffer,
  });
  expect(done.status(), await done.text()).toBe(201);
}

/** Today as 'Added {date}' says it; the BFF's timestamp may carry the UTC day or the local one. */
function addedToday(): RegExp {
  const now = new Date();
  const local = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const days = [...new Set([formatDisplayDate(now.toISOString()), formatDisplayDate(local)])];
  return new RegExp(`Added (${days.join('|')})`);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('a member adds documents to a case', () => {
  test.use({ viewport: DESKTOP });

  test('four files at once: three upload with progress, the queued one is removed, three are submitted', async ({ page }) => {
    test.setTimeout(120_000);
    const area = await memberWithCase(page);
    const unthrottle = await throttleUploads(page, 200 * KB);

    await area.getByLabel('Choose files').setInputFiles([
      fileOf('pay-stub.pdf'),
      fileOf('hospital-bill.png'),
      fileOf('discharge.jpg'),
      fileOf('letter.pdf'),
    ]);
    await expect(queueItems(area, 'uploading')).toHaveCount(3);
    await expect(queueItems(area, 'queued')).toHaveCount(1);
    await expect(queueItem(area, 'letter.pdf')).toContainText('Queued');
    for (const name of ['pay-stub.pdf', 'hospital-bill.png', 'discharge.jpg']) {
      await expect(queueItem(area, name)).toContainText('Uploading');
    }

    // Part of the bytes sent, not none and not all.
    const bar = queueItem(area, 'pay-stub.pdf').getByRole('progressbar', { name: 'Uploading pay-stub.pdf' });
    await expect
      .poll(() => bar.evaluate((p: HTMLProgressElement) => p.value > 0 && p.value < p.max), { intervals: [100], timeout: 15_000 })
      .toBe(true);

    // Only queued (and failed) files can be removed; uploading ones are cancelled instead.
    await expect(queueItem(area, 'pay-stub.pdf').getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(queueItem(area, 'pay-stub.pdf').getByRole('button', { name: 'Cancel pay-stub.pdf' })).toBeVisible();
    await queueItem(area, 'letter.pdf').getByRole('button', { name: 'Remove letter.pdf' }).click();
    await expect(queueItem(area, 'letter.pdf')).toHaveCount(0);

    await expect(queueItems(area, 'uploaded')).toHaveCount(3, { timeout: 60_000 });
    await expect(queueItems(area)).toHaveCount(3);
    await unthrottle();

    await area.getByRole('button', { name: 'Submit files' }).click();
    await expect(area.getByRole('status').filter({ hasText: 'Your files were submitted.' })).toBeVisible();
    await expect(queueItems(area)).toHaveCount(0);
    await expect(area.getByTestId('case-file')).toHaveCount(3);
    for (const name of ['pay-stub.pdf', 'hospital-bill.png', 'discharge.jpg']) {
      await expect(caseFile(area, name)).toContainText(addedToday());
    }
  });

  // The edge sends the API straight to the BFF as Netlify's signed proxy rewrite does; the file
  // goes in chunks of 1 MiB, each well inside the edge's 26 s and its body limits.
  test('a 15 MB scan uploads through the edge and is submitted', async ({ page }) => {
    test.setTimeout(90_000);
    const area = await memberWithCase(page);
    await area.getByLabel('Choose files').setInputFiles([fileOf('scan.pdf', 15 * 1024 * KB)]);
    await expect(queueItems(area, 'uploaded')).toHaveCount(1, { timeout: 60_000 });
    await area.getByRole('button', { name: 'Submit files' }).click();
    await expect(area.getByRole('status').filter({ hasText: 'Your files were submitted.' })).toBeVisible();
    await expect(caseFile(area, 'scan.pdf')).toContainText(addedToday());
  });

  test('a file that fails a check never joins the queue; the BFF refuses a renamed program in its words', async ({ page }) => {
    const area = await memberWithCase(page);
    const chooser = area.getByLabel('Choose files');
    const errors = area.getByTestId('upload-errors');

    await chooser.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20_971_521, 0x20) });
    await expect(errors).toContainText('Max allowed file size is 20 MB');
    await expect(queueItems(area)).toHaveCount(0);

    await chooser.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ\x90\x00 program') });
    await expect(errors).toContainText('File type exe not allowed.');
    await expect(queueItems(area)).toHaveCount(0);

    await errors.getByRole('button', { name: 'Dismiss' }).click();
    await expect(errors).toBeEmpty();

    await chooser.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 a program renamed') });
    await expect(queueItems(area, 'failed')).toHaveCount(1);
    await expect(queueItem(area, 'scan.pdf')).toContainText('Failed');
    await expect(queueItem(area, 'scan.pdf')).toContainText('scan.pdf is not a valid PDF file. File type not allowed.');
    await expect(area.getByRole('button', { name: 'Submit files' })).toBeDisabled();
    await queueItem(area, 'scan.pdf').getByRole('button', { name: 'Remove scan.pdf' }).click();
    await expect(queueItems(area)).toHaveCount(0);
  });
});

test.describe('uploads from a slow or flaky phone', () => {
  test.use({ viewport: DESKTOP });

  // 1.5 Mbit/s: a 20 MB scan takes about two minutes, far past the 26 s the edge gives one
  // request. The connection drops at 60%: the upload pauses, and when the connection is back it
  // asks the server how far it got and sends only the rest.
  test('a 20 MB scan at 1.5 Mbit/s goes in chunks of at most 4 MB, pauses when the connection drops at 60%, and sends only the rest', async ({
    page,
  }) => {
    test.setTimeout(330_000);
    const area = await memberWithCase(page);
    const seen = watchRequests(page);
    const network = await throttleUploads(page, 187_500);
    const size = 20 * 1024 * KB;
    await area.getByLabel('Choose files').setInputFiles([fileOf('phone-scan.pdf', size)]);
    const item = queueItem(area, 'phone-scan.pdf');
    await expect(item).toHaveAttribute('data-state', 'uploading');
    await expect(item).toContainText('of 20 MB');

    await expect.poll(() => shareSent(item), { intervals: [500], timeout: 150_000 }).toBeGreaterThanOrEqual(0.6);
    const acknowledged = seen.chunks.reduce((sum, c) => sum + c.bytes, 0);
    const cut = Date.now();
    await network.offline(true);
    await expect(item).toHaveAttribute('data-state', 'paused');
    await expect(item).toContainText('Paused: waiting for a connection');
    await network.offline(false);

    await expect(item).toHaveAttribute('data-state', 'uploaded', { timeout: 150_000 });
    await network();
    // Nothing the server had acknowledged went again: the rest began where the server was (it
    // keeps what it got of the chunk the cut broke off), and was about the last 40%.
    const rest = sentAfter(seen.chunks, cut);
    test.info().annotations.push({
      type: 'bytes',
      description: `acknowledged before the cut ${acknowledged}, resumed at ${rest.from}, sent after ${rest.bytes} of ${size}, largest body ${seen.largestBody}`,
    });
    expect(rest.from).toBeGreaterThanOrEqual(acknowledged);
    expect(rest.bytes).toBe(size - rest.from);
    expect(rest.bytes).toBeLessThan(0.45 * size);
    expect(seen.largestBody).toBeLessThanOrEqual(4 * 1024 * 1024);

    await area.getByRole('button', { name: 'Submit files' }).click();
    await expect(caseFile(area, 'phone-scan.pdf')).toContainText(addedToday());
  });

  // A reload ends the page's uploads; the browser remembers where each was. The member is told
  // which were not finished, and choosing the same file again goes on from the server's offset.
  test('after a reload mid-upload, choosing the same file again sends only the rest', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const area = await memberWithCase(page);
    const seen = watchRequests(page);
    const size = 6 * 1024 * KB;
    const path = testInfo.outputPath('ward-letter.pdf');
    writeFileSync(path, fileOf('ward-letter.pdf', size).buffer);
    const network = await throttleUploads(page, 512 * KB);
    await area.getByLabel('Choose files').setInputFiles(path);
    const item = queueItem(area, 'ward-letter.pdf');
    await expect.poll(() => shareSent(item), { intervals: [250], timeout: 60_000 }).toBeGreaterThanOrEqual(0.5);

    await page.reload();
    await page.waitForLoadState('networkidle');
    const reloaded = Date.now();
    await expect(area.getByText('Not finished: ward-letter.pdf. Choose the same file again to continue where it stopped.')).toBeVisible();
    await area.getByLabel('Choose files').setInputFiles(path);
    await expect(queueItem(area, 'ward-letter.pdf')).toHaveAttribute('data-state', 'uploaded', { timeout: 60_000 });
    await network();
    const rest = sentAfter(seen.chunks, reloaded);
    test.info().annotations.push({ type: 'bytes', description: `resumed at ${rest.from}, sent after the reload ${rest.bytes} of ${size}` });
    expect(rest.from).toBeGreaterThanOrEqual(0.4 * size);
    expect(rest.bytes).toBe(size - rest.from);
    await expect(area.getByText(/^Not finished: ward-letter\.pdf/)).toHaveCount(0);
  });

  test('a case that already holds 20 files refuses one more, saying why', async ({ page }) => {
    const { area } = await memberAndCase(page, async (caseId) => {
      for (let i = 0; i < 20; i++) await uploadByApi(page.request, caseId, `page-${i}.pdf`, fileOf(`page-${i}.pdf`, 2 * KB).buffer);
    });
    await area.getByLabel('Choose files').setInputFiles([fileOf('page-20.pdf', 2 * KB)]);
    await expect(queueItem(area, 'page-20.pdf')).toHaveAttribute('data-state', 'failed');
    await expect(queueItem(area, 'page-20.pdf')).toContainText(
      'This case already has 20 files, the most it can hold. To send more, please call the grants team at 800-472-2005.',
    );
  });
});

test("the seeded case's files show as added, sending and failed to process", async ({ page }) => {
  const res = await page.request.post('/api/v1/session', { data: MEMBER });
  expect(res.ok(), await res.text()).toBe(true);
  const { session } = (await res.json()) as { session: { user: { uid: string } } };
  await open(page, `/account/${session.user.uid}/forms`);
  const area = uploadArea(page, SEEDED_CASE);
  await expect(caseFile(area, 'pay-stub-august.pdf')).toContainText(/Added \w+ \d{2}, \d{4}/);
  await expect(caseFile(area, 'hospital-bill.pdf')).toContainText('Sending');
  await expect(caseFile(area, 'discharge-summary.pdf')).toContainText('Failed to process');
});

atEachViewport('layout and accessibility', () => {
  test('My Forms with an upload under way, one uploaded and a refusal has no serious violations and no sideways scroll', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const area = await memberWithCase(page);
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const unthrottle = await throttleUploads(page, 50 * KB);
    const longName = `${'hospital-discharge-summary-and-itemised-bill-'.repeat(3)}final.pdf`;
    await area.getByLabel('Choose files').setInputFiles([fileOf('id.png', 10 * KB), fileOf(longName, 2048 * KB), { name: 'run.sh', mimeType: 'application/x-sh', buffer: Buffer.from('#!/bin/sh\necho hi\n') }]);
    await expect(area.getByTestId('upload-errors')).toContainText('File type sh not allowed.');
    await expect(queueItem(area, 'id.png')).toHaveAttribute('data-state', 'uploaded', { timeout: 30_000 });
    await expect(queueItems(area, 'uploading')).toHaveCount(1);
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keyboard: the chooser and each button are reached with Tab.
    await area.getByLabel('Choose files').focus();
    await expect(area.getByLabel('Choose files')).toBeFocused();
    const cancel = queueItem(area, longName).getByRole('button', { name: `Cancel ${longName}` });
    for (let i = 0; i < 10 && !(await cancel.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(queueItem(area, longName)).toContainText(`User cancelled upload: ${longName}`);
    await unthrottle();
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
