import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { open, PASSWORD, uniqueEmail } from './members';

// The mailing-list sign-up in each placement (spec 3 §2, §4, §5; spec 1 §2): the landing hero
// form, the home promo, the Plus More pages and the blog sidebar, for visitors and members, and
// hidden once the reader is on the list.

const CWA = 'Communications Workers of America (CWA)';

async function signUp(scope: ReturnType<Page['locator']>, email: string, firstName?: string) {
  if (firstName !== undefined) await scope.getByPlaceholder('Enter your first name *').fill(firstName);
  const button = scope.getByRole('button', { name: 'Sign me up' });
  await expect(button).toBeDisabled();
  // The page's union may be preselected; without one the button waits for it.
  await scope.getByLabel('Union').selectOption('');
  await scope.getByPlaceholder('Enter your email address *').fill(email);
  await expect(button).toBeDisabled();
  await scope.getByLabel('Union').selectOption({ label: CWA });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(scope.getByRole('status')).toHaveText('Newsletter signup successful!');
  await expect(scope.getByPlaceholder('Enter your email address *')).toHaveValue('');
}

test('a visitor signs up on a hero-form landing, is offered an account prefilled, and the promos then stay hidden', async ({ page }) => {
  const email = uniqueEmail();
  await open(page, '/union-plus-more');
  const form = page.locator('[data-mailing-form="hero-form"]');
  await expect(form.getByRole('heading', { name: 'Get member news first' })).toBeVisible();
  await signUp(form, email);

  // Spec 3 §4: a visitor's success opens the sign-up modal with email and union filled in.
  const modal = page.getByRole('dialog', { name: 'Complete Your Account' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Email')).toHaveValue(email);
  await expect(modal.getByLabel('Union')).toHaveValue('37');
  await modal.getByRole('button', { name: /Close/ }).click();

  // The cookie remembers: the home promo and the blog sidebar block are hidden from now on.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'union_benefits_subscribed');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
  await open(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-mailing-promo]')).toHaveCount(0);
  await open(page, '/blog/money-tips/5503');
  await expect(page.getByRole('complementary', { name: 'Blog' })).toBeVisible();
  await expect(page.locator('[data-mailing-promo]')).toHaveCount(0);
});

test('the home promo signs a visitor up; a subscribed member never sees it', async ({ page }) => {
  await open(page, '/');
  const promo = page.getByRole('region', { name: 'Member deals in your inbox' });
  await expect(promo).toBeVisible();
  await signUp(promo, uniqueEmail());
  await expect(page.getByRole('dialog', { name: 'Complete Your Account' })).toBeVisible();

  // A fresh member opted in at sign-up (emailOpt's default): no promo, no sidebar block.
  const member = page.context().browser()!.newContext();
  const memberPage = await (await member).newPage();
  const res = await memberPage.request.post('/api/v1/accounts', {
    data: { email: uniqueEmail(), password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Robin', lastName: 'Tester', union: '37', zip: '20001' },
  });
  expect(res.status()).toBe(201);
  await open(memberPage, '/');
  await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(memberPage.locator('[data-mailing-promo]')).toHaveCount(0);
  await (await member).close();
});

test('a member who opted out signs up from the blog sidebar: prefilled, their profile opts in, no modal', async ({ page }) => {
  const email = uniqueEmail();
  const res = await page.request.post('/api/v1/accounts', {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Robin', lastName: 'Tester', union: '37', zip: '20001', emailOpt: false },
  });
  expect(res.status()).toBe(201);
  await open(page, '/blog/money-tips/5503');
  const block = page.getByRole('complementary', { name: 'Blog' }).getByRole('region', { name: 'Get the latest savings in your inbox' });
  await expect(block.getByPlaceholder('Enter your email address *')).toHaveValue(email);
  await expect(block.getByLabel('Union')).toHaveValue('37');
  await block.getByRole('button', { name: 'Sign me up' }).click();
  await expect(block.getByRole('status')).toHaveText('Newsletter signup successful!');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const session = await (await page.request.get('/api/v1/session')).json();
  expect(session.emailSubscribed).toBe(true);
  await open(page, '/account/profile');
  await expect(page.getByRole('checkbox', { name: /email/i }).first()).toBeChecked();
});

test('the Plus More pages ask for a first name too', async ({ page }) => {
  for (const path of ['/plusmore', '/plusmore-email']) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const form = page.locator('[data-mailing-form]');
    await signUp(form, uniqueEmail(), 'Robin');
    await page.keyboard.press('Escape');
  }
});

test("the BFF refuses what the browser should not have sent, in the spec's words", async ({ request }) => {
  const res = await request.post('/api/v1/mailing-list', { data: { email: '', union: '', source: 'hero-form' } });
  expect(res.status()).toBe(400);
  expect((await res.json()).detail).toBe('Union and email address required.');
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`sign-up placements at ${viewport.width}px`, () => {
    test.use({ viewport });
    for (const path of ['/', '/plusmore', '/plusmore-email', '/union-plus-more', '/blog/money-tips/5503']) {
      test(`${path} has no serious or critical violations and no sideways scroll`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('form button', { hasText: 'Sign me up' }).first()).toBeVisible();
        expect(await seriousAxeViolations(page)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
}
