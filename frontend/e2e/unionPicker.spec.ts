import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { open } from './members';

// The front door (issue 36): a visitor who has chosen no union and presses 'Find your union's
// benefits' (or any link to a union page) chooses their union in the union picker and lands on
// that union's page; the choice sticks in the union cookie. Without scripts the union pages list
// the unions themselves. Every test starts with a fresh browser context: no union cookie.

const HERO_BUTTON = /Find your union.s benefits/;

const picker = (page: Page) => page.getByRole('dialog', { name: 'Find your union' });
const search = (page: Page) => picker(page).getByRole('combobox', { name: 'Union name or short name' });

async function unionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'union')?.value;
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`a visitor chooses their union from the home hero at ${viewport.width} px, and it sticks`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await open(page, '/');
    await page.getByRole('link', { name: HERO_BUTTON }).first().click();

    await expect(picker(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/); // still home: asked first, not sent away
    await expect(search(page)).toBeFocused();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await search(page).fill('teach');
    await expect(picker(page).getByRole('status')).toHaveText('1 union matches your search.');
    await picker(page).getByRole('option', { name: 'American Federation of Teachers (AFT)' }).click();

    await expect(page).toHaveURL(/\/union-member-benefits\?union=41$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benefits for AFT Members');
    await expect(page).toHaveTitle(/Benefits for AFT Members/);
    expect(await unionCookie(page)).toBe('41');

    // The choice sticks: home again, the same button goes straight to AFT's page.
    await open(page, '/');
    await page.getByRole('link', { name: HERO_BUTTON }).first().click();
    await expect(page).toHaveURL(/\/union-member-benefits$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benefits for AFT Members');
    await expect(picker(page)).toHaveCount(0);
  });
}

test('the same with the keyboard alone; Escape closes the picker and gives the focus back', async ({ page }) => {
  await open(page, '/');
  const button = page.getByRole('link', { name: HERO_BUTTON }).first();
  // Tab from the top of the page to the hero's button, as a keyboard user gets there.
  for (let i = 0; i < 40 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(button).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(search(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker(page)).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(search(page)).toBeFocused();
  await page.keyboard.type('electrical');
  await expect(picker(page).getByRole('status')).toHaveText('1 union matches your search.');
  await page.keyboard.press('ArrowDown');
  await expect(search(page)).toHaveAttribute('aria-activedescendant', /.+/);
  await expect(picker(page).getByRole('option', { name: 'International Brotherhood of Electrical Workers (IBEW)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benefits for IBEW Members');
  expect(await unionCookie(page)).toBe('44');
});

test('a link to the eligibility page asks too, and lands on that union’s eligibility', async ({ page }) => {
  await open(page, '/faq');
  await page.getByRole('main').getByRole('link', { name: "who's eligible" }).click();
  await expect(picker(page)).toBeVisible();
  await search(page).fill('cwa');
  await search(page).press('Enter'); // the only match
  await expect(page).toHaveURL(/\/union-member-eligibility\?union=37$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benefit Eligibility for CWA Members');
});

test('the home sign-up preselects no union until the visitor chooses one', async ({ page }) => {
  await open(page, '/');
  const promo = page.getByRole('region', { name: 'Member deals in your inbox' });
  await expect(promo.getByLabel('Union')).toHaveValue('');
  await open(page, '/?union=37');
  await expect(page.getByRole('region', { name: 'Member deals in your inbox' }).getByLabel('Union')).toHaveValue('37');
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, title] of [
    ['/union-member-benefits', 'Benefits for SEIU Members'],
    ['/union-member-eligibility', 'Benefit Eligibility for SEIU Members'],
  ] as const) {
    test(`${path} lists the unions to choose from, each leading to its page`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose Your Union');
      await expect(page).toHaveTitle(/Choose Your Union/);
      await expect(page.getByRole('button', { name: 'Search for your union' })).toHaveCount(0); // needs scripts
      await page.getByRole('link', { name: 'Service Employees International Union (SEIU)' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await unionCookie(page)).toBe('58');
    });
  }
});

test('the page asking for a union searches too, and passes axe at both widths', async ({ page }) => {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await open(page, '/union-member-benefits');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose Your Union');
    expect(await seriousAxeViolations(page)).toEqual([]);
  }
  await page.getByRole('button', { name: 'Search for your union' }).click();
  await search(page).fill('auto');
  await search(page).press('ArrowDown');
  await search(page).press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benefits for UAW Members');
});
