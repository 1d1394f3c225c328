import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';

const HEADLINE = 'Savings and support for every union family';
const SOCIAL_NAMES = ['Facebook', 'Instagram', 'Twitter', 'YouTube'];

test.describe('home at desktop width', () => {
  test.use({ viewport: DESKTOP });

  test('shows the hero headline as the page h1', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
    await expect(page.locator('h1')).toHaveCount(1);
  });

  test('opens with the takeover video over its photo, the featured callout, and takeover mode until the page is left', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('section[data-takeover]');
    await expect(hero).toHaveCount(1);
    const video = hero.locator('video');
    await expect(video).toHaveAttribute('src', /\/sites\/default\/files\/video\/home\.webm$/);
    await expect(video).toHaveAttribute('poster', /hero\.svg/);
    // It plays by itself, muted; the video has no sound, so there is nothing to unmute.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 && v.muted)).toBe(true);
    await expect(page.getByRole('button', { name: /sound/ })).toHaveCount(0);
    // The whole first screen below the header.
    const viewport = page.viewportSize()!;
    const box = (await hero.boundingBox())!;
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(box.y + box.height).toBeGreaterThanOrEqual(viewport.height - 2);
    expect(box.y).toBeCloseTo(header.y + header.height, 0);

    const callout = page.getByRole('complementary', { name: 'Hardship grants for members facing hard times' });
    await expect(callout).toBeVisible();
    await expect(callout).toContainText('One-time grants for members hit by a disability');
    await expect(callout.getByRole('link', { name: /See if you qualify/ })).toHaveAttribute('href', '/hardship-help');

    const banner = page.getByRole('banner');
    const rule = () => banner.evaluate((el) => getComputedStyle(el).borderBottomColor);
    expect(await rule()).toBe('rgba(0, 0, 0, 0)');
    await callout.getByRole('link', { name: /See if you qualify/ }).click();
    await expect(page).toHaveURL(/\/hardship-help$/);
    await expect(page.locator('[data-takeover]')).toHaveCount(0);
    expect(await rule()).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('has the main menu in the header, with keyboard-usable sections', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Union Benefits' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

    const section = nav.getByRole('button').first();
    if ((await section.count()) === 0) return; // a menu without sections has nothing to open
    await section.focus();
    await page.keyboard.press('Enter');
    await expect(section).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await section.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(section).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect(section).toBeFocused();
  });

  test('has the footer with the copyright of this year and the social links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`${new Date().getFullYear()}`);
    await expect(footer.getByText(/©|copyright/i)).toContainText(`${new Date().getFullYear()}`);
    for (const name of SOCIAL_NAMES) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'Union Benefits' })).toHaveAttribute('href', '/');
    // Desktop shows the benefit groups as columns under their headings, with no fold buttons.
    const groups = footer.getByTestId('footer-groups');
    await expect(groups).toBeVisible();
    await expect(groups.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(groups.getByRole('link').first()).toBeVisible();
    await expect(groups.getByRole('button')).toHaveCount(0);
  });

  test('offers a skip link as the first tab stop', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('home at phone width', () => {
  test.use({ viewport: PHONE });

  test('opens the mobile menu from the menu button', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const button = header.getByRole('button', { name: 'Menu' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // The desktop menu is hidden at this width, so no visible Main navigation yet.
    await expect(header.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = header.getByRole('navigation', { name: 'Main' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link').or(menu.getByRole('button')).first()).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });

  test('folds the footer groups, each under a heading holding its button', async ({ page }) => {
    await page.goto('/');
    const groups = page.getByRole('contentinfo').getByTestId('footer-groups');
    const fold = groups.getByRole('heading', { level: 2 }).first().getByRole('button');
    await expect(fold).toBeVisible();
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    const links = page.locator(`[id="${await fold.getAttribute('aria-controls')}"]`);
    await expect(links).toBeHidden();
    await fold.click();
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
    await expect(links.getByRole('link').first()).toBeVisible();
  });

  test('does not scroll sideways, down to 360px', async ({ page }) => {
    for (const width of [PHONE.width, 360]) {
      await page.setViewportSize({ ...PHONE, width });
      await page.goto('/');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
    }
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test('the server-rendered HTML holds the hero, the main menu and the footer without JavaScript', async ({ request, baseURL }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(HEADLINE);
  expect(html).toMatch(/<nav[^>]*aria-label="Main"/);
  expect(html).toContain('Money &amp; Credit');
  expect(html).toMatch(new RegExp(`<footer[\\s\\S]*${new Date().getFullYear()}[\\s\\S]*</footer>`));
  // Canonical URLs name this site's origin, never the CMS's host (the spec's metatag transform).
  const origin = new URL('/', baseURL).origin;
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="${origin.replace(/[.]/g, '\\.')}/?"`));
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/');
});

test.describe('scroll animation', () => {
  test('fades blocks below the fold up as they come into view on desktop', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const last = page.locator('[data-reveal]').last();
    const top = await last.evaluate((el) => el.getBoundingClientRect().top - window.innerHeight);
    test.skip(top < 0, 'every block of this home page fits on the first screen');
    await expect(last).toHaveAttribute('data-reveal', 'waiting');
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute('data-reveal', 'shown');
    await expect
      .poll(() => last.evaluate((el) => Number(getComputedStyle(el).opacity)), { timeout: 5_000 })
      .toBe(1);
  });

  test('never hides or moves content on phones', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.waitForTimeout(600);
    await expect(page.locator('[data-reveal]:not([data-reveal="still"])')).toHaveCount(0);
  });
});
