import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { loadAll } from './loadMore';

const LIST = '/blog/all-tips-updates';
const POST = '/blog/money-tips/5512';

const cards = (page: Page) => page.getByTestId('blog-cards').getByRole('article');
const filters = (page: Page) => page.getByRole('navigation', { name: 'Filter posts' });

test.describe('blog list', () => {
  test.use({ viewport: DESKTOP });

  test('loads more by ten until total_results, then the button disappears', async ({ page, request }) => {
    const total = (await (await request.get(`/api/v1${LIST}`)).json()).totalResults as number;
    expect(total).toBeGreaterThan(30);
    await page.goto(LIST);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tips & Updates for Union Families');
    await expect(cards(page)).toHaveCount(10);
    await loadAll(page, cards(page), 10, total);
    // Each post once, newest first: the first card is the newest post.
    const titles = await cards(page).getByRole('heading').allTextContents();
    expect(new Set(titles).size).toBe(total);
  });

  test('filters by archive month and topic, in the URL, and keeps them on reload', async ({ page }) => {
    await page.goto(LIST);
    const first = await cards(page).first().getByRole('heading').textContent();

    await filters(page).getByRole('link', { name: /^March 2026, 2 posts/ }).click();
    await expect(page).toHaveURL(/\/blog\/all-tips-updates\?date=2026-03$/);
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(first ?? '');
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);

    await filters(page).getByRole('link', { name: 'Retirement', exact: true }).click();
    await expect(page).toHaveURL(/date=2026-03/);
    await expect(page).toHaveURL(/topic=212/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('Prescription savings every retiree should know');
    await expect(filters(page).getByRole('link', { name: 'Retirement', exact: true })).toHaveAttribute('aria-current', 'true');

    await page.reload();
    await expect(cards(page)).toHaveCount(1);

    await filters(page).getByRole('link', { name: 'All dates' }).click();
    await expect(page).toHaveURL(/\?topic=212$/);
    await expect(cards(page).first()).toBeVisible();
    expect(await cards(page).count()).toBeGreaterThan(1);
  });

  test('a category lists only its posts, and an empty filter says No Results', async ({ page }) => {
    await page.goto('/blog/union-news');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('News from the Union Movement');
    for (const category of await cards(page).locator('p').first().allTextContents()) {
      expect(category).toMatch(/union news/i);
    }
    await page.goto('/blog/union-news?date=2025-01');
    await expect(page.getByText('No Results', { exact: true })).toBeVisible();
  });

  test('an unknown category is a 404', async ({ page }) => {
    const res = await page.goto('/blog/no-such-category');
    expect(res?.status()).toBe(404);
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto(LIST);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('blog post', () => {
  test.use({ viewport: DESKTOP });

  test('shows every part of the post and its sidebar', async ({ page }) => {
    await page.goto(POST);
    const article = page.getByRole('article');
    await expect(article.getByRole('link', { name: 'Money Tips' })).toHaveAttribute('href', '/blog/money-tips');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('7 ways to stretch your paycheck this month');
    await expect(article.getByText('By Dana Whitfield')).toBeVisible();
    await expect(article.getByText('June 23, 2026')).toBeVisible();
    await expect(article.getByText(/^Payday should not mean starting over/)).toBeVisible();
    const image = article.getByRole('img', { name: 'A notebook with a budget table, a calculator and coins' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(article.getByText(/^Pay yourself first/)).toBeVisible();
    await expect(article.getByRole('link', { name: /See card benefits/ })).toHaveAttribute('href', '/benefits/union-plus-credit-card');
    await expect(article.getByText(/is not financial, tax or legal advice/)).toBeVisible();

    // Twitter, Facebook and email (spec 1 "Social sharing"); LinkedIn only when the content asks.
    const share = page.getByRole('list', { name: 'Share' });
    await expect(share.getByRole('link')).toHaveCount(3);
    await expect(share.getByRole('link', { name: /LinkedIn/ })).toHaveCount(0);
    await expect(share.getByRole('link', { name: /^Email/ })).toHaveAttribute('href', /^mailto:\?subject=7%20ways/);
    await page.evaluate(() => {
      (window as unknown as { opened: unknown[] }).opened = [];
      window.open = (...args: unknown[]) => {
        (window as unknown as { opened: unknown[] }).opened.push(args);
        return { opener: window } as unknown as Window;
      };
    });
    await share.getByRole('link', { name: /Facebook/ }).click();
    const opened = await page.evaluate(() => (window as unknown as { opened: string[][] }).opened);
    expect(opened).toHaveLength(1);
    // Facebook gets the title as well as the URL.
    expect(opened[0]?.[0]).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=.+&quote=7%20ways/);
    expect(opened[0]?.[2]).toMatch(/^width=500,height=300\b/);
    await expect(page).toHaveURL(new RegExp(`${POST}$`));

    const sidebar = page.getByRole('complementary', { name: 'Blog' });
    await expect(sidebar.getByRole('navigation', { name: 'Categories' }).getByRole('link')).toHaveText([
      'Money Tips',
      'Health & Wellness',
      'Union News',
    ]);
    // The post being read is one of the three popular ones: its own sidebar offers the other two.
    const popular = sidebar.getByRole('region', { name: 'Popular Post' }).getByRole('link');
    await expect(popular).toHaveText(['What to do if your union goes on strike', 'Back-to-school savings for union families']);
    await expect(popular.nth(0)).toHaveAttribute('href', '/blog/union-news/5497');
    await expect(sidebar.getByRole('region', { name: 'Get the latest savings in your inbox' }).getByRole('button', { name: 'Sign me up' })).toBeVisible();
  });

  test('leaves out a benefit promo that has no link text', async ({ page }) => {
    await page.goto('/blog/money-tips/5503');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('First-time home buyer? Start here');
    await expect(page.getByRole('complementary', { name: 'Related benefit' })).toHaveCount(0);
  });

  test('an unknown post is a 404', async ({ page }) => {
    expect((await page.goto('/blog/money-tips/1'))?.status()).toBe(404);
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto(POST);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('blog at phone width', () => {
  test.use({ viewport: PHONE });

  for (const path of [LIST, POST]) {
    test(`${path} has no serious accessibility violations and no sideways scroll`, async ({ page }) => {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});

// Issue 37 audit: spec 1 §3 'Blog post' feature image.
test.describe('issue 37 audit: feature image', () => {
  test.use({ viewport: DESKTOP });

  test("a post's feature image stands for it on its card and as og:image; the post shows its own image", async ({ page, request }) => {
    await page.goto('/blog/money-tips?date=2026-06');
    // The card's picture is decorative (its title names the post): told apart by its file.
    const card = cards(page).filter({ hasText: '7 ways to stretch your paycheck this month' });
    await expect(card.locator('img')).toHaveAttribute('src', /\/blog\/savings\.svg/);
    const html = await (await request.get(POST)).text();
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/blog\/savings\.svg[^"]*"/);
    await page.goto(POST);
    await expect(page.getByRole('article').getByRole('img', { name: 'A notebook with a budget table, a calculator and coins' })).toBeVisible();
  });
});
