import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { MEMBER } from './members';

// The eligibility tables (spec 2 §2 'Eligibility pages'; spec 1 §2 routing): on the public
// /union-member-eligibility for a visitor who chose a union, and on the account tab for a member,
// whom the public pages send to their account. Rows come from the fixture CMS's records.

async function signIn(page: Page) {
  const res = await page.request.post('/api/v1/session', { data: MEMBER });
  expect(res.status(), await res.text()).toBe(200);
}

/** Both tables: captions, column and row headers for screen readers, a cell or two. */
async function expectTables(page: Page) {
  const us = page.getByRole('table', { name: 'Who is eligible, by relationship to the union member' });
  const intl = page.getByRole('table', { name: 'Where each program is available' });
  await expect(us).toBeVisible();
  await expect(intl).toBeVisible();
  for (const column of ['Program', 'Children', 'Spouse', 'Domestic Partner', 'Parent', 'Widow/Widower', 'Other family']) {
    await expect(us.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  for (const column of ['Guam', 'Puerto Rico', 'US Virgin Islands', 'Canada']) {
    await expect(intl.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  const creditCard = us.getByRole('row', { name: /^Credit Card/ });
  await expect(creditCard.getByRole('rowheader')).toContainText('Credit Card');
  await expect(creditCard.getByRole('cell')).toHaveText(['No', 'Yes', 'Yes', 'Yes', 'Yes', 'No']);
  await expect(creditCard.getByRole('link', { name: 'Credit Card' })).toHaveAttribute('href', '/benefits/union-plus-credit-card');
  await expect(us.getByRole('row')).toHaveCount(11); // the header row and ten programs
  await expect(intl.getByRole('row', { name: /^Travel Assistance/ }).getByRole('cell')).toHaveText(['No', 'No', 'No', 'Yes']);
  await expect(page.getByText('Who is eligible for each U.S. program, by family relationship to the union member.')).toBeVisible();
  await expect(page.getByText('Programs not listed are available only to members living in the 50 states')).toBeVisible();
}

async function pageScrollsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test.describe('the public eligibility page', () => {
  // Issue 36: asked for a union on the page itself, rather than sent home (unionPicker.spec.ts).
  test('a visitor with no union is asked to choose one', async ({ request }) => {
    const res = await request.get('/union-member-eligibility', { maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('Choose Your Union');
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`both tables for the chosen union at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/union-member-eligibility?union=41');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benefit Eligibility for AFT Members');
      await expect(page).toHaveTitle(/Benefit Eligibility for AFT Members/);
      await expectTables(page);
      expect(await pageScrollsSideways(page)).toBe(false);
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (viewport === PHONE) {
        // The wide table scrolls inside its own region, which a keyboard can reach and move.
        const region = page.getByRole('region', { name: 'Who is eligible, by relationship to the union member' });
        const scroll = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
        expect(scroll).toBe(true);
        await region.focus();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }
    });
  }
});

test.describe('a signed-in member', () => {
  test('is sent from the union pages to their account', async ({ page }) => {
    await signIn(page);
    const session = await (await page.request.get('/api/v1/session')).json();
    const uid = session.user.uid as string;
    await page.goto('/union-member-eligibility?union=41');
    await expect(page).toHaveURL(new RegExp(`/account/${uid}/eligibility$`));
    await page.goto('/union-member-benefits');
    await expect(page).toHaveURL(new RegExp(`/account/${uid}$`));
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`sees the tables for their own union on the account tab at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page);
      await page.goto('/account/eligibility');
      await expect(page.getByRole('heading', { level: 2, name: 'Benefit Eligibility for CWA Members' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'Eligibility' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expectTables(page);
      expect(await pageScrollsSideways(page)).toBe(false);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});
