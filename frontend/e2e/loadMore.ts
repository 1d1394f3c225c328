import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Load More until all `total` items of a list show, `step` more at each press, and checks
 * the button is gone once they do.
 */
export async function loadAll(page: Page, items: Locator, step: number, total: number) {
  const more = page.getByRole('button', { name: 'Load More' });
  for (let shown = step; shown < total; shown += step) {
    await more.click();
    await expect(items).toHaveCount(Math.min(shown + step, total));
  }
  await expect(more).toHaveCount(0);
}
