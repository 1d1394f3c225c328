import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { MEMBER, open, registerMember } from './members';

// My Orders (spec 3 §2 'Order history', §4 'Orders pager', §9 'Orders 5 per page'), against the
// running BFF and the order stand-in: member@example.com's seven seeded orders (fixtures/orders)
// on two pages, paging back and forth, the empty history of a fresh member, accessibility and no
// sideways scroll at desktop and phone widths. member@example.com is only read.

const heading = (page: Page) => page.getByRole('heading', { level: 2, name: 'My Orders' });
const list = (page: Page) => page.getByRole('list', { name: 'Your orders' });
const orders = (page: Page) => list(page).getByTestId('order');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages of your orders' });

/** Signs the page in as the demo member and opens their My Orders; answers how many orders they have. */
async function demoMemberOrders(page: Page): Promise<number> {
  const res = await page.request.post('/api/v1/session', { data: MEMBER });
  expect(res.ok(), await res.text()).toBe(true);
  const { session } = (await res.json()) as { session: { user: { uid: string } } };
  // Seven are seeded; a run that placed orders for the demo member would add to them.
  const history = await page.request.get('/api/v1/orders');
  expect(history.ok(), await history.text()).toBe(true);
  const { total } = (await history.json()) as { total: number };
  expect(total).toBeGreaterThanOrEqual(7);
  await open(page, `/account/${session.user.uid}/orders`);
  return total;
}

test('member@example.com pages through their orders five at a time', async ({ page }) => {
  const total = await demoMemberOrders(page);
  const pages = Math.ceil(total / 5);
  await expect(heading(page)).toBeVisible();
  await expect(orders(page)).toHaveCount(5);
  await expect(pager(page).getByText(`1 of ${pages}`)).toBeVisible();
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('link', { name: /Return to Store/ }).first()).toHaveAttribute('href', '/store');

  // The newest order first, with its number, date and items.
  const newest = orders(page).first();
  await expect(newest.getByRole('heading', { level: 3 })).toHaveText(/^Order #SO-\d+$/);
  await expect(newest.getByText(/^Placed [A-Z][a-z]+ \d{2}, \d{4}$/)).toBeVisible();
  await expect(newest.getByTestId('order-item').first()).toContainText(/Quantity: [\d,]+/);
  const firstPage = await orders(page).getByRole('heading', { level: 3 }).allTextContents();

  // Next, from the bottom of the page: the second page, scrolled up to the list's heading, which has the focus.
  for (let n = 2; n <= pages; n++) {
    await pager(page).getByRole('button', { name: 'Next' }).scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(pager(page).getByText(`${n} of ${pages}`)).toBeVisible();
    await expect(heading(page)).toBeFocused();
    await expect(heading(page)).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(before);
  }
  await expect(orders(page)).toHaveCount(total - (pages - 1) * 5);
  await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();
  if (pages === 2) {
    const secondPage = await orders(page).getByRole('heading', { level: 3 }).allTextContents();
    expect(secondPage).toHaveLength(2);
    expect(firstPage).not.toContain(secondPage[0]);
  }

  // Previous goes back.
  for (let n = pages - 1; n >= 1; n--) {
    await pager(page).getByRole('button', { name: 'Previous' }).click();
    await expect(pager(page).getByText(`${n} of ${pages}`)).toBeVisible();
  }
  await expect(orders(page)).toHaveCount(5);
  expect(await orders(page).getByRole('heading', { level: 3 }).allTextContents()).toEqual(firstPage);
  await expect(heading(page)).toBeFocused();
});

test('a fresh member has no orders yet, and no pager', async ({ page }) => {
  const { uid } = await registerMember(page.request);
  await open(page, `/account/${uid}/orders`);
  await expect(heading(page)).toBeVisible();
  await expect(
    page.getByText('You have not placed any orders yet. Free printed materials for your union are in the store.'),
  ).toBeVisible();
  await expect(page.getByTestId('order')).toHaveCount(0);
  await expect(pager(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Return to Store/ })).toHaveAttribute('href', '/store');
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`My Orders at ${viewport.width} px: no serious axe violations, no sideways scroll`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await demoMemberOrders(page);
    await expect(orders(page)).toHaveCount(5);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(heading(page)).toBeFocused();
    await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}
