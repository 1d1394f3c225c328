import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatDisplayDate } from '../lib/dates';
import { atEachViewport, DESKTOP, seriousAxeViolations } from './axe';
import { MEMBER, open, registerMember } from './members';

// A grant case's supporting documents (spec 2 §2 'Case status block', §4 'Case file lifecycle',
// §5 'Uploads', §8): files chosen on My Forms upload three at a time with their progress, a queued
// one can be removed, the uploaded ones are submitted and show as added; the browser's checks and
// the BFF's refusals in their words; the seeded case's files in each state; accessibility at
// desktop and phone widths. Every test that uploads registers its own member and case;
// member@example.com and its seeded hospital case are only read.

/** member@example.com's Hospital Grant, seeded with pay-stub-august.pdf (added), hospital-bill.pdf (sending), discharge-summary.pdf (failed). */
const SEEDED_CASE = '3f9c2a7e51d04b6c8e1f0a2b4c6d8e90';
/** A grant form with few fields of its own. */
const FORM = 'debt-management-plan-grant';



/** Submits a Debt Management Plan Grant for the signed-in member through the BFF; answers the case's id. */
async function submitCase(request: APIRequestContext, email: string): Promise<string> {
  const form = await request.get(`/api/v1/forms/${FORM}`);
  expect(form.ok(), await form.text()).toBe(true);
  const { unions } = (await form.json()) as { unions: { id: string }[] };
  const res = await request.post(`/api/v1/forms/${FORM}/cases`, {
    data: {
      fields: {
        firstName: 'Robin', lastName: 'Tester', email, confirmEmail: email, street: '1 Main St', city: 'Springfield',
        state: 'IL', zip: '62701', phone: '2025550143', union: unions[0].id, unionLocal: 'Local 12', terms: true,
        mmiId: 'MMI12345', mmiAuthorization: true,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { case: { id: string } }).case.id;
}

/** A fresh member with one case, on My Forms; answers the case's upload area. */
async function memberWithCase(page: Page): Promise<Locator> {
  const { uid, email } = await registerMember(page.request);
  const caseId = await submitCase(page.request, email);
  await open(page, `/account/${uid}/forms`);
  const area = uploadArea(page, caseId);
  await expect(area.getByText('No documents have been added to this case yet.')).toBeVisible();
  return area;
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
 * can be seen; answers how to lift it.
 */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
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

  // The edge sends the API straight to the BFF as Netlify's signed proxy rewrite does, streamed:
  // a phone's 15 MB scan passes, where a Next.js function (6 MB a body, about 4.5 MB of a file)
  // would refuse it.
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
