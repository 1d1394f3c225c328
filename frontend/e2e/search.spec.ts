import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { loadAll } from './loadMore';

const RANK: Record<string, number> = { benefit: 0, category: 1, page: 2, landing: 3, post: 4 };

const results = (page: Page) => page.getByTestId('search-results').locator('article');

async function types(page: Page): Promise<string[]> {
  return results(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-type') ?? ''));
}

function inTypeOrder(ts: string[]): boolean {
  const ranks = ts.map((t) => RANK[t] ?? 5);
  return ranks.every((r, i) => i === 0 || r >= (ranks[i - 1] ?? 0));
}

/** The results' types and titles, in order. */
async function typesAndTitles(page: Page): Promise<{ type: string; title: string }[]> {
  return results(page).evaluateAll((els) =>
    els.map((el) => ({ type: el.getAttribute('data-type') ?? '', title: el.querySelector('h3')?.textContent ?? '' })),
  );
}

/**
 * Results titled for the word first, then those that only mention it, each group in type order
 * (README, notes on the spec: type order alone put an About page above a post titled for it).
 */
function titledFirstThenTypeOrder(rs: { type: string; title: string }[], word: string): boolean {
  const titled = rs.filter((r) => r.title.toLowerCase().includes(word));
  const rest = rs.filter((r) => !r.title.toLowerCase().includes(word));
  return (
    rs.slice(0, titled.length).every((r) => r.title.toLowerCase().includes(word)) &&
    inTypeOrder(titled.map((r) => r.type)) &&
    inTypeOrder(rest.map((r) => r.type))
  );
}

test.describe('search at desktop width', () => {
  test.use({ viewport: DESKTOP });

  test('the header overlay searches; results titled for the word come first, each group in type order', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search the site' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('searchbox').fill('budget');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=budget$/);
    await expect(page.getByRole('heading', { name: /^\d+ results? for “budget”$/ })).toBeVisible();
    const rs = await typesAndTitles(page);
    expect(rs.length).toBeGreaterThan(3);
    expect(rs.map((r) => r.type)).toContain('benefit');
    expect(rs.map((r) => r.type)).toContain('post');
    expect(titledFirstThenTypeOrder(rs, 'budget'), JSON.stringify(rs)).toBe(true);
  });

  test("service pages are never results; a benefit's category shows as its trail", async ({ page }) => {
    await page.goto('/search?q=credit');
    const heading = page.getByRole('heading', { name: /^\d+ results? for “credit”$/ });
    await expect(heading).toBeVisible();
    const total = Number(/^\d+/.exec((await heading.textContent()) ?? '')?.[0]);
    // A post titled for the word comes before a page that only mentions it (type order alone put
    // About Us first).
    await loadAll(page, results(page), 20, total);
    const all = (await typesAndTitles(page)).map((r) => r.title);
    expect(all).not.toContain("This benefit isn't available for your union");
    expect(all.indexOf('How to pay down credit card debt faster')).toBeGreaterThanOrEqual(0);
    expect(all.indexOf('How to pay down credit card debt faster')).toBeLessThan(all.indexOf('About Us'));
    const counseling = results(page).filter({ has: page.getByRole('heading', { name: 'Credit Counseling' }) });
    await expect(counseling.getByRole('link', { name: 'Money & Credit' })).toHaveAttribute('href', '/money-and-credit');
  });

  test("'Browse by' narrows the results and lives in the URL", async ({ page }) => {
    await page.goto('/search?q=budget');
    const all = (await types(page)).length;
    await page.getByRole('button', { name: 'Benefits + Discounts' }).click();
    await expect(page).toHaveURL(/type=benefits/);
    await expect(page.getByRole('button', { name: 'Benefits + Discounts' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => [...new Set(await types(page))]).toEqual(['benefit']);
    expect((await types(page)).length).toBeLessThan(all);

    await page.getByRole('button', { name: 'Advice' }).click();
    await expect(page).toHaveURL(/type=blogpost/);
    await expect.poll(async () => [...new Set(await types(page))]).toEqual(['post']);
    await expect(results(page).first().getByRole('link', { name: 'Advice' })).toHaveAttribute('href', '/blog/all-tips-updates');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Advice' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => [...new Set(await types(page))]).toEqual(['post']);

    await page.goBack();
    await expect(page).toHaveURL(/type=benefits/);
  });

  test('a new term reloads the results, and Load More appends 20 at a time', async ({ page }) => {
    await page.goto('/search?q=budget');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await expect(box).toHaveValue('budget');
    await page.getByRole('button', { name: 'Clear search term' }).click();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    await box.fill('union');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=union$/);
    const heading = page.getByRole('heading', { name: /results? for “union”$/ });
    await expect(heading).toBeVisible();
    const total = Number((await heading.textContent())?.match(/^[\d,]+/)?.[0]?.replace(/,/g, '') ?? 0);
    expect(total).toBeGreaterThan(20);
    await expect(results(page)).toHaveCount(20);
    await loadAll(page, results(page), 20, total);
  });

  test('a nonsense term shows the empty message', async ({ page }) => {
    await page.goto('/search?q=zzqxjvw');
    await expect(page.getByText('No results found. Please try another search.')).toBeVisible();
    await expect(results(page)).toHaveCount(0);
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/search?q=budget');
    await expect(results(page).first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('search at phone width', () => {
  test.use({ viewport: PHONE });

  test("'Browse by' is a select, and the page has no sideways scroll", async ({ page }) => {
    await page.goto('/search?q=budget');
    // Chosen once the page is live: the client router takes the new address from then on.
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(page.getByRole('button', { name: 'Advice' })).toBeHidden();
    const select = page.getByRole('combobox', { name: 'Browse by' });
    await select.selectOption('blogpost');
    await expect(page).toHaveURL(/type=blogpost/);
    await expect.poll(async () => [...new Set(await types(page))]).toEqual(['post']);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/search?q=budget');
    await expect(results(page).first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
