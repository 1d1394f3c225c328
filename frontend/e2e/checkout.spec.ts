import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { open, PASSWORD, registerMember } from './members';

// Checkout (spec 3 §2 'Checkout', §4 'Checkout', §5 'Checkout step 1', 'Checkout step 2', §6),
// against the running BFF and the order stand-in (fixtures/orders, union 37 for the members the
// specs register): a freshly registered member goes through the four steps, one Edit on the way,
// and finds the order on My Orders; a double click places one order; a visitor is sent to log in
// and brought back. The order stand-in keeps placed orders in memory, so each test uses a member
// of its own and counts only that member's orders.

const step = (page: Page, n: number) => page.getByTestId(`checkout-step-${n}`);
const stepHeading = (page: Page, n: number) => step(page, n).getByRole('heading', { level: 2 });
const field = (page: Page, n: number, label: string) => step(page, n).getByLabel(new RegExp(`^${label}( \\*)?$`));
const continueIn = (page: Page, n: number) => step(page, n).getByRole('button', { name: /^Continue/ });
const processOrder = (page: Page) => step(page, 3).getByTestId('process-order');

/** Puts a product in the cart of the page's member straight through the BFF. */
async function putInCart(page: Page, id: string, quantity: number) {
  const res = await page.request.put(`/api/v1/cart/items/${id}`, { data: { quantity } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function orderCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/orders');
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { total: number }).total;
}

/** Step 1 to the review: the phone the profile lacks, then the address. */
async function completeSteps(page: Page) {
  await field(page, 1, 'Phone').fill('2025550123');
  await continueIn(page, 1).click();
  await expect(stepHeading(page, 2)).toBeFocused();
  await field(page, 2, 'Street Address').fill('501 Third Street NW');
  await field(page, 2, 'City').fill('Washington');
  await field(page, 2, 'State').selectOption('DC');
  await field(page, 2, 'Zip').fill('20001');
  await continueIn(page, 2).click();
  await expect(stepHeading(page, 3)).toBeFocused();
}

test('a member checks out in four steps, with an Edit on the way, and finds the order on My Orders', async ({ page }) => {
  const { uid, email } = await registerMember(page.request);

  // Two products from the store, through the product modal, then Continue in the cart.
  await open(page, '/store');
  const stateModal = page.getByRole('dialog', { name: 'Where will the order be shipped?' });
  await stateModal.getByLabel(/^State/).selectOption('New York');
  await stateModal.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('shipping-state')).toContainText('ship to New York');
  for (const [id, title] of [
    ['member-benefit-37', 'Member Benefit'],
    ['wireless-discount-coupon', 'Wireless Discount'],
  ]) {
    await page.locator(`[data-testid="product-card"][data-product-id="${id}"]`).getByRole('button', { name: title }).click();
    await page.getByRole('dialog', { name: title }).getByLabel('Quantity', { exact: true }).fill('40');
    await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Added to Your Cart' })).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: 'Cart 80 items in your cart' }).click();
  await page.getByRole('dialog', { name: 'Your Cart', exact: true }).getByRole('link', { name: /Continue/ }).click();
  await expect(page).toHaveURL(/\/store\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Continue Shopping/ })).toHaveAttribute('href', '/store');
  await expect(page.getByText('Printed materials are updated often.')).toBeVisible();

  // Step 1, with what is being ordered beside it.
  const summary = page.getByRole('complementary', { name: 'Your Order' });
  await expect(summary).toContainText('80 items');
  await expect(summary.getByTestId('summary-line')).toHaveCount(2);
  await expect(summary.getByTestId('summary-line').first()).toContainText('Member Benefit');
  await expect(summary.getByTestId('summary-line').first()).toContainText('Quantity: 40');
  await expect(summary.getByTestId('summary-line').first().locator('img')).toBeVisible();

  // Step 1, filled from the profile; the phone is missing.
  await expect(stepHeading(page, 1)).toContainText('Your Information');
  await expect(field(page, 1, 'First Name')).toHaveValue('Robin');
  await expect(field(page, 1, 'Last Name')).toHaveValue('Tester');
  await expect(field(page, 1, 'Email')).toHaveValue(email);
  await expect(field(page, 1, 'Union')).toHaveValue('CWA');
  await continueIn(page, 1).click();
  await expect(step(page, 1).getByRole('alert')).toHaveText('You must complete all required fields');
  await expect(field(page, 1, 'Phone')).toBeFocused();
  await expect(field(page, 1, 'Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(step(page, 1).getByText('Phone is required.')).toBeVisible();
  await field(page, 1, 'Union').fill('cwa');
  await expect(field(page, 1, 'Union')).toHaveValue('CWA');
  await step(page, 1).getByRole('radio', { name: 'Other' }).check();
  await step(page, 1).getByRole('textbox', { name: /^Other/ }).fill('Health and safety fair');
  await completeSteps(page);

  // The review: the cart's lines, and the two steps' summaries.
  await expect(step(page, 3).getByTestId('review-line')).toHaveCount(2);
  await expect(step(page, 3)).toContainText('Quantity: 40');
  await expect(page.getByTestId('checkout-summary-2')).toContainText('District of Columbia');

  // Edit step 1: it reopens, and the shipping step waits to be confirmed again.
  await step(page, 1).getByRole('button', { name: 'Edit' }).click();
  await expect(stepHeading(page, 1)).toBeFocused();
  await expect(processOrder(page)).toHaveCount(0);
  await field(page, 1, 'Union Local Number').fill('1101');
  await continueIn(page, 1).click();
  await expect(field(page, 2, 'City')).toHaveValue('Washington');
  await continueIn(page, 2).click();
  await expect(page.getByTestId('checkout-summary-1')).toContainText('1101');

  // A double click places one order.
  await processOrder(page).dblclick();
  const done = page.getByTestId('checkout-done');
  await expect(done.getByRole('heading', { name: 'Your order has been submitted' })).toBeFocused();
  const number = ((await done.getByTestId('order-number').textContent()) ?? '').match(/SO-\d+/)?.[0];
  expect(number).toBeTruthy();
  expect(await orderCount(page)).toBe(1);
  const cart = (await (await page.request.get('/api/v1/cart')).json()) as { count: number };
  expect(cart.count).toBe(0);

  await done.getByRole('link', { name: /View My Orders/ }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${uid}/orders$`));
  const orders = page.getByRole('list', { name: 'Your orders' }).getByTestId('order');
  await expect(orders).toHaveCount(1);
  await expect(orders.first().getByRole('heading', { level: 3 })).toHaveText(`Order #${number}`);
  await expect(orders.first().getByTestId('order-item')).toHaveCount(2);
});

test('the BFF holds the order to the same rules, and a retry with the same key replays it', async ({ page }) => {
  await registerMember(page.request);
  await putInCart(page, 'scholarship-program-flyer', 5);
  const body = {
    information: { firstName: 'Robin', lastName: 'Tester', email: 'robin@example.com', phone: '202-555', union: 'cwa' },
    shipping: { address: '1 Main St', city: 'Albany', state: 'NY', zip: '1220', country: 'us' },
  };
  const refused = await page.request.post('/api/v1/store/orders', { data: body, headers: { 'Idempotency-Key': 'e2e-refused-0001' } });
  expect(refused.status()).toBe(400);
  const problem = (await refused.json()) as { detail: string; errors: { field: string; message: string }[] };
  expect(problem.detail).toBe('You must complete all required fields');
  expect(problem.errors.map((e) => e.field).sort()).toEqual(['information.phone', 'shipping.zip']);

  const fixed = { ...body, information: { ...body.information, phone: '2025550123' }, shipping: { ...body.shipping, zip: '12207' } };
  const key = `e2e-${Date.now()}`;
  const first = await page.request.post('/api/v1/store/orders', { data: fixed, headers: { 'Idempotency-Key': key } });
  expect(first.status(), await first.text()).toBe(201);
  const again = await page.request.post('/api/v1/store/orders', { data: fixed, headers: { 'Idempotency-Key': key } });
  expect(again.status()).toBe(200);
  const [a, b] = [(await first.json()) as { order: { orderNumber: string } }, (await again.json()) as { order: { orderNumber: string }; replayed: boolean }];
  expect(b.replayed).toBe(true);
  expect(b.order.orderNumber).toBe(a.order.orderNumber);
  expect(await orderCount(page)).toBe(1);
});

test("an empty cart at checkout says so, with the way back to the store", async ({ page }) => {
  await registerMember(page.request);
  await open(page, '/store/checkout');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByTestId('checkout-empty').getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/store');
  await expect(step(page, 1)).toHaveCount(0);
});

test('a visitor is sent to log in and brought back to checkout, their cart kept', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { email } = await registerMember(api);
  await api.dispose();

  // A visitor's cart, kept by the BFF under its cookie.
  await putInCart(page, 'mortgage-program-flyer', 7);
  await page.goto('/store/checkout');
  await expect(page).toHaveURL(/\/\?modal=login&destination=%2Fstore%2Fcheckout$/);
  const login = page.getByRole('dialog', { name: 'Log In' });
  await login.getByLabel(/^Email/).fill(email);
  await login.getByLabel(/^Password/).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/store\/checkout$/);
  await expect(stepHeading(page, 1)).toContainText('Your Information');
  await expect(field(page, 1, 'Email')).toHaveValue(email);
  await field(page, 1, 'Phone').fill('2025550123');
  await continueIn(page, 1).click();
  await field(page, 2, 'Street Address').fill('1 Main St');
  await field(page, 2, 'City').fill('Albany');
  await field(page, 2, 'State').selectOption('NY');
  await field(page, 2, 'Zip').fill('12207');
  await continueIn(page, 2).click();
  await expect(step(page, 3).getByTestId('review-line')).toHaveCount(1);
  await expect(step(page, 3)).toContainText('Mortgage & Real Estate');
  await expect(step(page, 3)).toContainText('Quantity: 7');
});

test('a failed order says so with the support phone, whether the order system fails or the connection is lost', async ({ page }) => {
  await registerMember(page.request);
  await putInCart(page, 'hardship-grants-brochure', 20);
  const { phone } = (await (await page.request.get('/api/v1/store?union=37')).json()) as { phone: string };
  expect(phone).toMatch(/\d/);
  const failed = `We were unable to submit your order. Please refresh and try again or contact us at ${phone}.`;
  await open(page, '/store/checkout');
  await completeSteps(page);

  // The order system down: what reaches the browser is a server error without the BFF's words.
  await page.route('**/api/v1/store/orders', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
  await processOrder(page).click();
  await expect(step(page, 3).getByRole('alert')).toHaveText(failed);
  await expect(processOrder(page)).toBeFocused();

  // The connection lost while the order is sent.
  await page.unroute('**/api/v1/store/orders');
  await page.route('**/api/v1/store/orders', (route) => route.abort('internetdisconnected'));
  await processOrder(page).click();
  await expect(step(page, 3).getByRole('alert')).toHaveText(failed);
  await expect(step(page, 3)).not.toContainText(/answered|network|connection/i);
  // The member stays on the review, the cart untouched, and nothing was ordered.
  await expect(step(page, 3).getByTestId('review-line')).toHaveCount(1);
  expect(await orderCount(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Back again, the same review places the order.
  await page.unroute('**/api/v1/store/orders');
  await processOrder(page).click();
  await expect(page.getByTestId('checkout-done')).toBeVisible();
  expect(await orderCount(page)).toBe(1);
});

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function checked(page: Page, width: number) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, width);
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`checkout at ${viewport.width} px: every step and the confirmation, no serious axe violations, no sideways scroll`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await registerMember(page.request);
    await putInCart(page, 'new-member-packet-insert', 1200);
    await putInCart(page, 'hardship-grants-brochure', 35);
    await open(page, '/store/checkout');
    await expect(stepHeading(page, 1)).toBeVisible();
    await checked(page, viewport.width);

    // Step 1 with its errors shown.
    await continueIn(page, 1).click();
    await expect(step(page, 1).getByRole('alert')).toHaveText('You must complete all required fields');
    await checked(page, viewport.width);

    await field(page, 1, 'Phone').fill('2025550123');
    await continueIn(page, 1).click();
    await expect(stepHeading(page, 2)).toBeFocused();
    await checked(page, viewport.width);

    await field(page, 2, 'Street Address').fill('1 Main St');
    await field(page, 2, 'City').fill('Albany');
    await field(page, 2, 'State').selectOption('NY');
    await field(page, 2, 'Zip').fill('12207');
    await continueIn(page, 2).click();
    await expect(processOrder(page)).toBeVisible();
    await checked(page, viewport.width);

    await processOrder(page).click();
    await expect(page.getByTestId('checkout-done')).toBeVisible();
    await checked(page, viewport.width);
  });
}
