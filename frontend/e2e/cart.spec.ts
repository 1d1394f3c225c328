import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { open, PASSWORD, registerMember } from './members';

// The cart (spec 3 §2 'Cart modal', 'Product detail modal', §4 'Cart', 'Product modal', §5, §8),
// against the running BFF and the order stand-in (fixtures/orders): a visitor of union 37 adds
// from the product modal, changes quantities in the cart modal, and keeps the cart through
// sign-in. travel-savings-coupon is out of stock. The BFF keeps a visitor's cart under the
// up_cart cookie, so each test (a fresh browser context) starts with an empty cart.

type CartAnswer = { items: { id: string; quantity: number }[]; count: number };

const stateModal = (page: Page) => page.getByRole('dialog', { name: 'Where will the order be shipped?' });
const cartModal = (page: Page) => page.getByRole('dialog', { name: 'Added to Your Cart' });
/** The cart opened to look at it (its button, the header's link), not by an add. */
const viewedCart = (page: Page) => page.getByRole('dialog', { name: 'Your Cart', exact: true });
const card = (page: Page, id: string) => page.locator(`[data-testid="product-card"][data-product-id="${id}"]`);
const cartLine = (page: Page, id: string) => cartModal(page).locator(`[data-testid="cart-line"][data-product-id="${id}"]`);
const lineQuantity = (page: Page, id: string) => cartLine(page, id).getByRole('spinbutton');
const messages = (page: Page) => page.getByTestId('status-messages');

/** Chooses a state in the state modal that opens by itself while none is stored. */
async function chooseState(page: Page, title: string) {
  await stateModal(page).getByLabel(/^State/).selectOption(title);
  await stateModal(page).getByRole('button', { name: 'Continue' }).click();
  await expect(stateModal(page)).toHaveCount(0);
  await expect(page.getByTestId('shipping-state')).toContainText(`ship to ${title}`);
}

/** The cart as the BFF holds it for this page's cookies. */
async function serverCart(page: Page): Promise<CartAnswer> {
  const res = await page.request.get('/api/v1/cart');
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as CartAnswer;
}

const serverQuantity = async (page: Page, id: string) => (await serverCart(page)).items.find((i) => i.id === id)?.quantity ?? 0;

/** Opens a product's modal from its card, sets the quantity and adds it; the cart modal follows. */
async function addFromModal(page: Page, id: string, title: string, quantity?: number) {
  await card(page, id).getByRole('button', { name: title }).click();
  const modal = page.getByRole('dialog', { name: title });
  if (quantity !== undefined) await modal.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await modal.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartModal(page)).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(messages(page)).toContainText(`${title} has been added to your cart`);
}

async function openStore(page: Page, state = 'New York') {
  await open(page, '/store?union=37');
  await chooseState(page, state);
}

test('a visitor adds two products and changes their quantities in the cart', async ({ page }) => {
  await openStore(page);
  await expect(page.getByRole('button', { name: '0 items in your cart' })).toBeVisible();

  await addFromModal(page, 'member-benefit-37', 'Member Benefit', 3);
  await expect(cartLine(page, 'member-benefit-37')).toContainText('Personalized Brochure');
  await expect(lineQuantity(page, 'member-benefit-37')).toHaveValue('3');
  // exact: the cart's message, shown inside the open cart, has a 'Close message' button of its own.
  await cartModal(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('button', { name: '3 items in your cart' })).toBeVisible();

  // The same product again adds to its line; another comes after it.
  await addFromModal(page, 'member-benefit-37', 'Member Benefit', 2);
  await expect(lineQuantity(page, 'member-benefit-37')).toHaveValue('5');
  await page.keyboard.press('Escape');
  await addFromModal(page, 'wireless-discount-coupon', 'Wireless Discount');
  await expect(cartModal(page).getByTestId('cart-line')).toHaveCount(2);
  await expect(cartModal(page).getByTestId('cart-line').first()).toHaveAttribute('data-product-id', 'member-benefit-37');
  await expect(page.getByRole('button', { name: '6 items in your cart' })).toBeAttached();

  // Plus and minus, one step each.
  const line = cartLine(page, 'member-benefit-37');
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(lineQuantity(page, 'member-benefit-37')).toHaveValue('6');
  await expect(messages(page)).toContainText('Member Benefit quantity has been updated');
  await line.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(lineQuantity(page, 'member-benefit-37')).toHaveValue('5');
  await expect.poll(() => serverQuantity(page, 'member-benefit-37')).toBe(5);

  // A typed value goes when committed with Enter.
  await lineQuantity(page, 'member-benefit-37').fill('25');
  await lineQuantity(page, 'member-benefit-37').press('Enter');
  await expect.poll(() => serverQuantity(page, 'member-benefit-37')).toBe(25);

  // Five clicks on plus in one go, faster than any answer: every one counts.
  await line.getByRole('button', { name: 'Increase quantity' }).evaluate((button: HTMLButtonElement) => {
    for (let i = 0; i < 5; i++) button.click();
  });
  await expect(lineQuantity(page, 'member-benefit-37')).toHaveValue('30');
  await expect.poll(() => serverQuantity(page, 'member-benefit-37')).toBe(30);

  // Above 100000 is refused before it is sent; the line keeps its quantity.
  await lineQuantity(page, 'member-benefit-37').fill('100001');
  await lineQuantity(page, 'member-benefit-37').blur();
  await expect(messages(page)).toContainText('Product quantities can not be greater then 100,000');
  await expect(lineQuantity(page, 'member-benefit-37')).toHaveValue('30');
  expect(await serverQuantity(page, 'member-benefit-37')).toBe(30);
  // The BFF refuses it as well, in the same words.
  const refused = await page.request.put('/api/v1/cart/items/member-benefit-37', { data: { quantity: 100_001 } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { detail: string }).detail).toBe('Product quantities can not be greater then 100,000');

  // Remove sets the quantity to 0.
  await cartLine(page, 'wireless-discount-coupon').getByRole('button', { name: 'Remove' }).click();
  await expect(cartLine(page, 'wireless-discount-coupon')).toHaveCount(0);
  await expect(messages(page)).toContainText('Wireless Discount has been removed from your cart');
  await expect.poll(async () => (await serverCart(page)).items.map((i) => i.id)).toEqual(['member-benefit-37']);

  // The cart lasts across a reload, its count right on the first paint, in the store's toolbar
  // and in the header. Opened to look at it, it is 'Your Cart'; a visitor's Continue signs in.
  await page.reload();
  await expect(page.getByRole('button', { name: '30 items in your cart' })).toBeVisible();
  await expect(page.getByTestId('header-cart')).toHaveAccessibleName('Cart 30 items in your cart');
  await page.getByRole('button', { name: '30 items in your cart' }).click();
  await expect(viewedCart(page)).toBeVisible();
  await expect(cartModal(page)).toHaveCount(0);
  await expect(viewedCart(page).getByRole('link', { name: /Continue/ })).toHaveAttribute('href', /modal=login&destination=%2Fstore%2Fcheckout/);
  await viewedCart(page).getByRole('link', { name: 'Add More Materials' }).click();
  await expect(viewedCart(page)).toHaveCount(0);

  // The last line removed: the cart is empty, with no way on, and the header's link goes.
  await page.getByRole('button', { name: '30 items in your cart' }).click();
  await viewedCart(page).locator('[data-testid="cart-line"][data-product-id="member-benefit-37"]').getByRole('button', { name: 'Remove' }).click();
  await expect(viewedCart(page).getByText('Your cart is empty.')).toBeVisible();
  await expect(viewedCart(page).getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('header-cart')).toHaveCount(0);
  await expect.poll(async () => (await serverCart(page)).count).toBe(0);
});

/**
 * A member's account made apart from the page (the page stays a visitor's), and 12 Scholarship
 * Program flyers in the visitor's cart; answers the member's email, to sign in with.
 */
async function visitorWithFlyers(page: Page, playwright: PlaywrightWorkerArgs['playwright']): Promise<string> {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { email } = await registerMember(api);
  await api.dispose();
  await openStore(page);
  await addFromModal(page, 'scholarship-program-flyer', 'Scholarship Program', 12);
  await page.keyboard.press('Escape');
  return email;
}

test("a visitor reaches the cart from the header on any page, signs in over it, and goes on to checkout with the cart kept", async ({ page, playwright }) => {
  const email = await visitorWithFlyers(page, playwright);

  // Another page: the header's cart link leads back to the store with the cart open.
  await open(page, '/');
  await page.getByRole('link', { name: 'Cart 12 items in your cart' }).click();
  await expect(page).toHaveURL(/\/store\?cart=open$/);
  await expect(viewedCart(page).locator('[data-testid="cart-line"][data-product-id="scholarship-program-flyer"]')).toBeVisible();

  // Continue: the login modal opens over the cart, on the store, not on the home page.
  await viewedCart(page).getByRole('link', { name: /Continue/ }).click();
  const login = page.getByRole('dialog', { name: 'Log In' });
  await expect(login).toBeVisible();
  await expect(page).toHaveURL(/\/store\?.*modal=login/);
  await expect(viewedCart(page)).toBeAttached();
  await login.getByLabel(/^Email/).fill(email);
  await login.getByLabel(/^Password/).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();

  // Signed in, on to checkout: step 1 open, and beside it what is being ordered.
  await expect(page).toHaveURL(/\/store\/checkout$/);
  await expect(page.getByTestId('checkout-step-1').getByRole('heading', { level: 2 })).toContainText('Your Information');
  const summary = page.getByRole('complementary', { name: 'Your Order' });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('12 items');
  await expect(summary.getByTestId('summary-line')).toHaveCount(1);
  await expect(summary.getByTestId('summary-line')).toContainText('Scholarship Program');
  await expect(summary.getByTestId('summary-line')).toContainText('Quantity: 12');
  expect(await serverQuantity(page, 'scholarship-program-flyer')).toBe(12);
});

test('the out-of-stock coupon cannot be added', async ({ page }) => {
  await openStore(page);
  await card(page, 'travel-savings-coupon').getByRole('button', { name: 'Travel & Hotel Savings' }).click();
  const modal = page.getByRole('dialog', { name: 'Travel & Hotel Savings' });
  await expect(modal.getByTestId('out-of-stock')).toHaveText('Out of Stock');
  await expect(modal.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  // The BFF refuses it too, in the spec's words.
  const res = await page.request.put('/api/v1/cart/items/travel-savings-coupon', { data: { quantity: 1 } });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { detail: string }).detail).toBe('Out of stock items can not be added to cart.');

  // Nothing can be added at 0 either.
  await page.keyboard.press('Escape');
  await card(page, 'scholarship-program-flyer').getByRole('button', { name: 'Scholarship Program' }).click();
  const other = page.getByRole('dialog', { name: 'Scholarship Program' });
  await other.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(other.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test("a visitor's cart is kept when they sign in", async ({ page, playwright }) => {
  const email = await visitorWithFlyers(page, playwright);

  // Sign in through the site's login modal, on the store.
  await open(page, '/store?modal=login');
  const login = page.getByRole('dialog', { name: 'Log In' });
  await login.getByLabel(/^Email/).fill(email);
  await login.getByLabel(/^Password/).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(login).toHaveCount(0);
  await expect(page.getByRole('button', { name: '12 items in your cart' })).toBeVisible();
  const session = await (await page.request.get('/api/v1/session')).json();
  expect(session.signedIn).toBe(true);
  expect(await serverQuantity(page, 'scholarship-program-flyer')).toBe(12);
});

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`the product and cart modals at ${viewport.width} px: no serious axe violations, no sideways scroll`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openStore(page, 'Hawaii');
    await card(page, 'member-benefit-37').getByRole('button', { name: 'Member Benefit' }).click();
    await expect(page.getByRole('dialog', { name: 'Member Benefit' }).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await noSidewaysScroll(page, viewport.width);

    await page.getByRole('dialog', { name: 'Member Benefit' }).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(cartLine(page, 'member-benefit-37')).toBeVisible();
    await page.keyboard.press('Escape');
    await addFromModal(page, 'wireless-discount-coupon', 'Wireless Discount', 250);
    await expect(cartModal(page).getByTestId('cart-line')).toHaveCount(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await noSidewaysScroll(page, viewport.width);
  });
}
