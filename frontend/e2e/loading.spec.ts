import { expect, test } from '@playwright/test';
import { DESKTOP } from './axe';
import { open } from './members';

// Loading feedback (issue 36): a page that takes a while to arrive never looks frozen after a
// click. The bar at the top of the window (components/shell/NavigationProgress) shows while the
// next page is on its way and goes once it has arrived.

test.use({ viewport: DESKTOP });

test('a slow page shows the loading bar from the click until it arrives', async ({ page }) => {
  await open(page, '/faq');
  const bar = page.getByTestId('navigation-progress');
  await expect(bar).toHaveAttribute('data-state', 'idle');

  // The next page's server answer is held back, as a slow upstream would.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/about-us(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(bar).toHaveAttribute('data-state', 'loading');
  await expect(bar).toHaveCSS('opacity', '1');
  release();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bar).not.toHaveAttribute('data-state', 'loading');
  await expect(bar).toHaveAttribute('data-state', 'idle');
});

test('a link to the page already shown, or to a part of it, starts no bar', async ({ page }) => {
  await open(page, '/faq');
  const bar = page.getByTestId('navigation-progress');
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '#main';
    a.textContent = 'to the top';
    a.id = 'same-page';
    document.body.prepend(a);
  });
  await page.locator('#same-page').click();
  // React has drawn whatever the click set by the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(bar).toHaveAttribute('data-state', 'idle');
});
