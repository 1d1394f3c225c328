import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { open } from './members';

// The store index (spec 3 §2 'Store index', 'Product detail modal', 'Shipping-state modal', §4
// 'Shipping state'), against the running BFF and the order stand-in (fixtures/orders): union 37
// (CWA) has three personalised materials; car-buying-flyer does not ship to Alaska or Hawaii;
// travel-savings-coupon is out of stock. A visitor chooses the union with ?union=37, then a state
// in the modal, which the BFF keeps in the up_store_state cookie.

const stateModal = (page: Page) => page.getByRole('dialog', { name: 'Where will the order be shipped?' });
const productModal = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const card = (page: Page, id: string) => page.locator(`[data-testid="product-card"][data-product-id="${id}"]`);
const featured = (page: Page) => page.getByTestId('featured-products');
const others = (page: Page) => page.getByTestId('products');

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Chooses a state in the open state modal and waits for the page to show it. */
async function chooseState(page: Page, title: string) {
  await stateModal(page).getByLabel(/^State/).selectOption(title);
  await stateModal(page).getByRole('button', { name: 'Continue' }).click();
  await expect(stateModal(page)).toHaveCount(0);
  await expect(page.getByTestId('shipping-state')).toContainText(`ship to ${title}`);
}

test('a visitor chooses a state and sees the materials that ship there', async ({ page }) => {
  await open(page, '/store?union=37');
  await expect(page.getByRole('heading', { level: 1, name: 'Free Materials' })).toBeVisible();
  await expect(page.getByText('Order coupons, brochures, and flyers')).toBeVisible();

  // No state yet: the modal asks at once, and the select is required.
  await expect(stateModal(page)).toBeVisible();
  await expect(stateModal(page).getByLabel(/^State/)).toHaveAttribute('required', '');
  expect(await stateModal(page).getByLabel(/^State/).locator('option').count()).toBe(52);
  await stateModal(page).getByRole('button', { name: 'Continue' }).click();
  await expect(stateModal(page).getByText('We could not select your state. Please refresh and try again.')).toBeVisible();

  await chooseState(page, 'Alaska');
  const cookies = await page.context().cookies();
  const kept = cookies.find((c) => c.name === 'up_store_state');
  expect(kept?.value).toBe('Alaska');
  expect(kept?.httpOnly).toBe(true);

  await expect(featured(page).getByRole('heading', { level: 2 })).toHaveText('Personalized Free Materials for CWA');
  await expect(featured(page).getByTestId('product-card')).toHaveCount(3);
  await expect(card(page, 'credit-card-37')).toBeVisible();
  await expect(others(page).getByRole('heading', { level: 2 })).toHaveText('Additional Free Materials');
  await expect(card(page, 'wireless-discount-coupon')).toBeVisible();
  await expect(card(page, 'car-buying-flyer')).toHaveCount(0);

  // Another state, through the same modal: the car buying flyer ships to Texas.
  await page.getByRole('button', { name: 'Change state' }).click();
  await expect(stateModal(page).getByLabel(/^State/)).toHaveValue('Alaska');
  await chooseState(page, 'Texas');
  await expect(card(page, 'car-buying-flyer')).toBeVisible();

  // The state lasts across a reload; Escape closes the modal without changing it.
  await page.reload();
  await expect(page.getByTestId('shipping-state')).toContainText('ship to Texas');
  await expect(stateModal(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Change state' }).click();
  await page.keyboard.press('Escape');
  await expect(stateModal(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change state' })).toBeFocused();
});

test('a product opens in its modal, with its details and stock', async ({ page }) => {
  await open(page, '/store?union=37');
  await chooseState(page, 'New York');

  await card(page, 'scholarship-program-flyer').getByRole('button', { name: 'Scholarship Program' }).click();
  const modal = productModal(page, 'Scholarship Program');
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Flyer', { exact: true })).toBeVisible();
  await expect(modal.getByText('State Eligibility')).toBeVisible();
  // It ships to every state: said in two words, not a list of 51 names.
  await expect(modal.getByTestId('state-eligibility')).toHaveText('All states');
  await expect(modal.getByTestId('out-of-stock')).toHaveCount(0);
  await expect(modal.getByLabel('Quantity', { exact: true })).toHaveValue('1');
  await modal.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(modal.getByLabel('Quantity', { exact: true })).toHaveValue('0');
  await expect(modal.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(card(page, 'scholarship-program-flyer').getByRole('button', { name: 'Scholarship Program' })).toBeFocused();

  // The car buying flyer does not ship to Alaska or Hawaii: its states are listed.
  await card(page, 'car-buying-flyer').getByRole('button', { name: 'Car Buying Service' }).click();
  await expect(productModal(page, 'Car Buying Service').getByTestId('state-eligibility')).toContainText('Alabama, Arizona, Arkansas');
  await page.keyboard.press('Escape');

  // Out of stock: said on the card and in the modal.
  await expect(card(page, 'travel-savings-coupon').getByText('Out of Stock')).toBeVisible();
  await card(page, 'travel-savings-coupon').getByRole('button', { name: 'Travel & Hotel Savings' }).click();
  await expect(productModal(page, 'Travel & Hotel Savings').getByTestId('out-of-stock')).toHaveText('Out of Stock');
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`the store at ${viewport.width} px: no serious axe violations, no sideways scroll`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await open(page, '/store?union=37');
    await expect(stateModal(page)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await noSidewaysScroll(page, viewport.width);

    await chooseState(page, 'Hawaii');
    await expect(card(page, 'member-benefit-37')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await noSidewaysScroll(page, viewport.width);
    // Two products a row on a phone, not one card a screen; more on a desktop.
    const perRow = await page.getByTestId('products').getByTestId('product-card').evaluateAll((cards) => {
      const top = cards[0]!.getBoundingClientRect().top;
      return cards.filter((c) => Math.abs(c.getBoundingClientRect().top - top) < 2).length;
    });
    if (viewport.width < 600) expect(perRow).toBe(2);
    else expect(perRow).toBeGreaterThanOrEqual(3);

    await card(page, 'member-benefit-37').getByRole('button', { name: 'Member Benefit' }).click();
    await expect(productModal(page, 'Member Benefit')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await noSidewaysScroll(page, viewport.width);
  });
}
