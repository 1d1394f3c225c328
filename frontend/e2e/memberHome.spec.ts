import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PHONE, atEachViewport, seriousAxeViolations } from './axe';
import { confirmEmail, open, registerMember, submitCase } from './members';

// Members get a site of their own (issue 36): the home page opens with the member's band
// (greeting, union, applications, latest order, favorites), which a visitor never sees; My
// Benefits is searched and filtered by category; My Favorites is one of the account's tabs.
// Every test registers its own member.

/** Submits a case for the signed-in member (members.ts); answers it as My Forms lists it. */
async function submitListedCase(request: APIRequestContext, email: string) {
  const id = await submitCase(request, email);
  const { cases } = (await (await request.get('/api/v1/cases')).json()) as {
    cases: { id: string; title: string; statusLine?: string; nsId?: string }[];
  };
  return cases.find((c) => c.id === id)!;
}

/** The member's union's name, as the session says it. */
async function unionName(request: APIRequestContext): Promise<string> {
  const { user } = (await (await request.get('/api/v1/session')).json()) as { user: { union?: { name: string } } };
  return user.union!.name;
}

const band = (page: Page) => page.getByRole('region', { name: /^Welcome back/ });

atEachViewport('member home', ({ viewport }) => {
  test('greets the member by name with their union, and shows where their application stands', async ({ page }) => {
    const { uid, email } = await registerMember(page.request);
    await confirmEmail(page.request, email);
    const item = await submitListedCase(page.request, email);
    const union = await unionName(page.request);

    // In the HTML the server sends: no visitor's version first.
    const html = await (await page.request.get('/', { headers: { 'sec-fetch-dest': 'document' } })).text();
    expect(html).toContain('Welcome back, Robin');

    await open(page, '/');
    const mine = page.getByRole('region', { name: 'Welcome back, Robin' });
    await expect(mine).toBeVisible();
    await expect(mine.getByText(union, { exact: true })).toBeVisible();
    const applications = mine.getByRole('region', { name: 'Your applications' });
    await expect(applications.getByRole('link', { name: item.title })).toHaveAttribute('href', `/account/${uid}/forms#case-${item.id}`);
    const state = item.nsId ? `Confirmation number ${item.nsId}` : `Status: ${item.statusLine}`;
    await expect(applications.getByTestId('home-case-status')).toContainText(state);
    // Nothing ordered or kept yet: each part says what to do.
    const orders = mine.getByRole('region', { name: 'Your latest order' });
    await expect(orders.getByText(/You have not placed any orders yet/)).toBeVisible();
    await expect(orders.getByRole('link', { name: /Visit the store/ })).toHaveAttribute('href', '/store');
    await expect(mine.getByRole('region', { name: 'Your favorites' }).getByText(/You have no favorites yet/)).toBeVisible();
    // The union's page follows, its h1 the hero's.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await applications.getByRole('link', { name: item.title }).click();
    await expect(page).toHaveURL(new RegExp(`/account/${uid}/forms#case-${item.id}$`));
    await expect(page.getByRole('heading', { level: 3, name: item.title })).toBeVisible();
  });

  test('My Benefits filters by category and the search narrows it', async ({ page }) => {
    const { uid } = await registerMember(page.request);
    await open(page, `/account/${uid}`);
    const summary = page.getByRole('status').filter({ hasText: /benefits?$/ });
    const total = Number((await summary.textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(10);
    const groups = page.getByRole('main').getByRole('heading', { level: 3 });
    expect(await groups.count()).toBeGreaterThan(2);

    // One category: only its group, as many cards as its chip says.
    const chip = page.locator('label').filter({ hasText: /^Insurance \(\d+\)$/ });
    const inCategory = Number((await chip.textContent())!.match(/\((\d+)\)/)![1]);
    await chip.click();
    await expect(page.getByRole('radio', { name: /^Insurance/ })).toBeChecked();
    await expect(groups).toHaveText(['Insurance']);
    const cards = page.getByRole('main').getByRole('heading', { level: 4 });
    await expect(cards).toHaveCount(inCategory);
    await expect(summary).toHaveText(`Showing ${inCategory} of ${total} benefits`);

    // The search narrows within it, as the member types.
    const title = (await cards.first().textContent())!.trim();
    const search = page.getByRole('searchbox', { name: 'Search my benefits' });
    await search.fill(title);
    await expect(cards.filter({ hasText: title })).toHaveCount(1);
    expect(await cards.count()).toBeLessThan(inCategory);
    await expect(summary).toHaveText(new RegExp(`^Showing \\d+ of ${total} benefits$`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Nothing left: the way back is one button.
    await search.fill('zzqx');
    await expect(page.getByText('No benefits in Insurance match “zzqx”.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(summary).toHaveText(`${total} benefits`);
    await expect(search).toBeFocused();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the band is one row to swipe through, and the union’s content starts on the first screen', async ({ page }) => {
    await registerMember(page.request);
    await open(page, '/');
    const parts = band(page).getByRole('region');
    await expect(parts).toHaveCount(3);
    const first = (await parts.nth(0).boundingBox())!;
    const last = (await parts.nth(2).boundingBox())!;
    expect(last.y).toBe(first.y);
    expect(last.x).toBeGreaterThanOrEqual(PHONE.width);
    const heading = page.getByRole('heading', { level: 1 });
    expect((await heading.boundingBox())!.y).toBeLessThan(PHONE.height);

    // The keyboard reaches the last card: its link scrolls into view.
    const link = parts.nth(2).getByRole('link').last();
    await link.focus();
    await expect(link).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

test('Back from a benefit shows My Benefits as the member left it', async ({ page }) => {
  const { uid } = await registerMember(page.request);
  await open(page, `/account/${uid}`);
  await page.locator('label').filter({ hasText: /^Insurance \(\d+\)$/ }).click();
  const search = page.getByRole('searchbox', { name: 'Search my benefits' });
  const cards = page.getByRole('main').getByRole('heading', { level: 4 });
  const title = (await cards.first().textContent())!.trim();
  await search.fill(title);
  await expect(page).toHaveURL(/[?&]category=Insurance(&|$)/);
  await expect(cards.filter({ hasText: title })).toHaveCount(1);

  await page.getByRole('main').getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL((url) => !url.pathname.startsWith('/account'));
  await page.goBack();
  await expect(search).toHaveValue(title);
  await expect(page.getByRole('radio', { name: /^Insurance/ })).toBeChecked();
  await expect(cards.filter({ hasText: title })).toHaveCount(1);
});

test('My Favorites is a tab of the account, marked current on its page', async ({ page }) => {
  const { uid } = await registerMember(page.request);
  await open(page, `/account/${uid}`);
  const tabs = page.getByRole('navigation', { name: 'My Account' });
  await tabs.getByRole('link', { name: 'My Favorites' }).click();
  await expect(page).toHaveURL(/\/account\/favorites$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'My Favorites' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'My Benefits' })).not.toHaveAttribute('aria-current', 'page');
});

test('a visitor’s home has no greeting, even just after a member’s', async ({ page, browser }) => {
  await registerMember(page.request);
  await open(page, '/');
  await expect(band(page)).toBeVisible();

  const visitor = await browser.newPage();
  try {
    // From the page cache, and rendered per request (a query keeps it out of the cache).
    for (const path of ['/', '/?utm_source=e2e']) {
      await open(visitor, path);
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(band(visitor)).toHaveCount(0);
      // (The login modal's own headline is 'Welcome back'; the greeting names the member.)
      expect(await visitor.content()).not.toContain('Welcome back, Robin');
    }
  } finally {
    await visitor.close();
  }

  // Signing out takes the band away.
  await page.context().clearCookies();
  await open(page, '/');
  await expect(band(page)).toHaveCount(0);
});
