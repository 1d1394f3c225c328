import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';

// The stack's preview secret (PREVIEW_SECRET, set by the stack for the BFF and for this run); the
// links below are signed as the CMS signs them (bff/internal/preview: Signature).
const SECRET = process.env.PREVIEW_SECRET ?? 'dev-preview-secret';

const HOME = { path: '/', node: '1072', rev: '1073' };
const WIRELESS = { path: '/benefits/wireless', node: '1187', rev: '1191' };
const PUBLISHED_HOME = 'Savings and support for every union family';
const DRAFT_HOME = 'New for 2027: more savings for every union family';
const PUBLISHED_WIRELESS = 'Save 15% on the wireless plan your family already uses';
const DRAFT_WIRELESS = 'Save 20% on the wireless plan your family already uses';

type Draft = { path: string; node: string; rev: string };

/** A preview link as the CMS hands it to an editor, valid for `seconds` (negative: expired). */
function previewLink(d: Draft, seconds = 600, secret = SECRET): string {
  const exp = String(Math.floor(Date.now() / 1000) + seconds);
  const sig = createHmac('sha256', secret).update(`preview\n${d.path}\n${d.node}\n${d.rev}\n${exp}`).digest('hex');
  return `/api/preview?${new URLSearchParams({ path: d.path, node: d.node, rev: d.rev, exp, sig })}`;
}

const banner = (page: Page) => page.getByRole('complementary', { name: 'Preview' });
const headline = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('editor preview', () => {
  test.use({ viewport: DESKTOP });

  test('a valid link shows the draft with the banner; a visitor still sees the published page; exit returns to it', async ({
    page,
    browser,
  }) => {
    await page.goto(previewLink(WIRELESS));
    await expect(page).toHaveURL(/\/benefits\/wireless$/);
    await expect(headline(page)).toHaveText(DRAFT_WIRELESS);
    await expect(banner(page)).toContainText('Preview');
    await expect(banner(page)).toContainText('unpublished draft');
    // Never indexed.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    // The preview cookie is the BFF's link, out of the page's scripts' reach.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'up_preview');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    // A reader in another browser at the same moment sees what is published.
    const visitor = await browser.newContext();
    const other = await visitor.newPage();
    await other.goto(WIRELESS.path);
    await expect(headline(other)).toHaveText(PUBLISHED_WIRELESS);
    await expect(banner(other)).toHaveCount(0);
    await visitor.close();

    // Only the page the link names is a draft: elsewhere the editor sees the published site.
    await page.goto('/');
    await expect(headline(page)).toHaveText(PUBLISHED_HOME);
    await expect(banner(page)).toHaveCount(0);

    await page.goto(WIRELESS.path);
    await expect(headline(page)).toHaveText(DRAFT_WIRELESS);
    await banner(page).getByRole('link', { name: 'Exit preview' }).click();
    await expect(page).toHaveURL(/\/benefits\/wireless$/);
    await expect(headline(page)).toHaveText(PUBLISHED_WIRELESS);
    await expect(banner(page)).toHaveCount(0);
    expect((await page.context().cookies()).find((c) => c.name === 'up_preview')).toBeUndefined();
    await page.reload();
    await expect(headline(page)).toHaveText(PUBLISHED_WIRELESS);
  });

  test('the home page draft previews as the home page', async ({ page }) => {
    await page.goto(previewLink(HOME));
    await expect(page).toHaveURL(/\/$/);
    await expect(headline(page)).toHaveText(DRAFT_HOME);
    await expect(banner(page)).toBeVisible();
  });

  for (const { name, link, words } of [
    { name: 'an expired link', link: () => previewLink(HOME, -60), words: 'This preview link has expired.' },
    { name: 'a forged link', link: () => previewLink(HOME, 600, 'not-the-secret'), words: 'This preview link is not valid.' },
    {
      name: 'a link to another page',
      link: () => previewLink({ ...WIRELESS, node: HOME.node }),
      words: 'This preview link names a different page.',
    },
  ]) {
    test(`${name} is refused with the reason, and shows no draft`, async ({ page }) => {
      const response = await page.goto(link());
      expect(response?.status()).toBeLessThan(500);
      await expect(page).toHaveURL(/\/preview\/refused\?reason=/);
      await expect(headline(page)).toHaveText('This preview cannot be shown');
      await expect(page.getByText(words)).toBeVisible();
      expect((await page.context().cookies()).find((c) => c.name === 'up_preview')).toBeUndefined();
      await page.goto('/');
      await expect(headline(page)).toHaveText(PUBLISHED_HOME);
    });
  }
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`preview at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the draft with its banner is axe clean, and so is the refusal', async ({ page }) => {
      await page.goto(previewLink(WIRELESS));
      await expect(banner(page)).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`preview-${viewport.width}.png`), fullPage: false });
      await page.goto(previewLink(HOME, -60));
      await expect(headline(page)).toHaveText('This preview cannot be shown');
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
}
