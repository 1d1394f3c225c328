import { expect, test } from '@playwright/test';
import { open } from './members';

// The app-wide ready flag (spec 1 §2) on the test route (spec 1 §1: development and test only),
// the sign-in links that wait for it (spec 3 §4), and the analytics priority ids (spec 1 §9).

test('a link that needs sign-in waits while a task runs, then opens the sign-up', async ({ page }) => {
  await open(page, '/test');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  const link = page.getByRole('link', { name: 'A partner offer that needs sign-in' });
  await expect(link).not.toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('button', { name: 'Start a task' }).click();
  await expect(page.getByTestId('task')).toHaveText('running');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'false');
  await expect(link).toHaveAttribute('aria-disabled', 'true');
  await link.click({ force: true }); // Playwright itself will not click a disabled link; a person can
  await expect(page).not.toHaveURL(/modal=signup/);

  await page.getByRole('button', { name: 'Finish the task' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await link.click();
  await expect(page.getByRole('dialog', { name: 'Create Your Account' })).toBeVisible();
});

test('page views carry the priority ids of search (7) and the account area (942)', async ({ page }) => {
  await open(page, '/search?q=grants');
  const views = () => page.evaluate(() => (window.dataLayer ?? []) as { event?: string; path?: string; priorityId?: number }[]);
  await expect.poll(async () => (await views()).find((v) => v.event === 'page_view')?.priorityId).toBe(7);
  await open(page, '/about-us');
  await expect.poll(async () => (await views()).filter((v) => v.event === 'page_view').at(-1)?.path).toBe('/about-us');
  expect((await views()).filter((v) => v.event === 'page_view').at(-1)?.priorityId).toBeUndefined();
});
