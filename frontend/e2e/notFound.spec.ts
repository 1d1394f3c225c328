import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';

// A 404 is the not-found page in the server's HTML, with its status (issue 17): a crawler, a
// screen reader before hydration or a reader without JavaScript reads the same page as everyone.

const MISSING = [
  '/no-such-page-anywhere',
  '/benefits/no-such-benefit',
  '/blog/money-tips/999999',
  '/blog/no-such-category',
  '/union-moments/2025',
  // A path the BFF refuses to look up (400): no page of ours, never a server error.
  `/${'a'.repeat(600)}`,
  '/error/404',
];

async function expectNotFoundPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle('Not Found');
  // One robots tag, as the spec says: noindex.
  await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of MISSING) {
    test(`${path.slice(0, 40)} is the not-found page, status 404`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expectNotFoundPage(page);
      // The site's chrome is there too: the page is ours, not a bare document.
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    });
  }

  test('a page that exists is still the page', async ({ page }) => {
    const res = await page.goto('/benefits/wireless');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
  });
});

test('the not-found page is the same with JavaScript, and axe clean on desktop and phone', async ({ page }) => {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const res = await page.goto('/no-such-page-anywhere');
    expect(res?.status()).toBe(404);
    await expectNotFoundPage(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }
});
