import { expect, type Locator, type Page } from '@playwright/test';

/** The car-buying benefit, whose page has the car-pricing search block (spec 3 §2, §5, §7). */
export const CAR_BUYING_PATH = '/benefits/car-buying';

/**
 * The pricing site is another site: its pages are answered here, so a test sees the address a
 * search leaves for and never the network. Returns the addresses asked for, in order.
 */
export async function catchPricingSite(page: Page) {
  const visited: string[] = [];
  await page.route('https://www.truecar.com/**', (route) => {
    visited.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Pricing site</title><h1>Pricing site</h1>' });
  });
  return visited;
}

/**
 * The page's sweepstakes lightbox opens by itself once a visit (content.spec.ts tests it); tests
 * of the search make a visit that has already seen it.
 */
export async function skipLightbox(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('lightbox-seen:1401', '1'));
}

/** The car search block of the page. */
export function carSearchBlock(page: Page) {
  return page.locator('[data-block="car_search"]');
}

/** Chooses a make, types a zip code and searches. */
export async function searchPrices(block: Locator, make: string, zip: string) {
  await block.getByRole('combobox', { name: /Make/ }).selectOption({ label: make });
  await block.getByRole('textbox', { name: /Zip code/ }).fill(zip);
  await block.getByRole('button', { name: 'Search prices' }).click();
}

/** A search held for the page to go live: not submitted natively, the page still here and not live. */
async function expectSearchHeld(page: Page) {
  await expect(page).toHaveURL(new RegExp(`${CAR_BUYING_PATH}$`));
  expect(await page.locator('html').getAttribute('data-app-ready')).not.toBe('true');
}

/**
 * Opens the car-buying page with `hold` keeping scripts back (it answers their release), searches
 * for `make` near `zip` at once, checks the search waits for the page to go live, lets the
 * scripts through and waits for the pricing site. Answers the addresses the search left for.
 */
export async function searchWhileHeld(page: Page, hold: (page: Page) => Promise<() => void>, make: string, zip: string) {
  await skipLightbox(page);
  const visited = await catchPricingSite(page);
  const release = await hold(page);
  await page.goto(CAR_BUYING_PATH, { waitUntil: 'commit' });
  await searchPrices(carSearchBlock(page), make, zip);
  await expectSearchHeld(page);
  release();
  await expect(page).toHaveTitle('Pricing site');
  return visited;
}
