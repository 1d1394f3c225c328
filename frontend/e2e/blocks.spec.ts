import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, seriousAxeViolations } from './axe';
import { open, registerMember } from './members';

// The style guide (fixtures/cms/node/style-guide.json) places every block type.
const PATH = '/style-guide';

/** Elements wider than the viewport, named so a failure says which. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > width) wide.push(`document ${document.documentElement.scrollWidth}`);
    for (const el of document.querySelectorAll('main *')) {
      // Content inside a scroller (carousels, tables) may be wider; the scroller itself may not.
      if (el.closest('ul[tabindex], [role="region"][tabindex], dialog')?.contains(el) && !el.matches('ul[tabindex], [role="region"][tabindex]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > width + 1 || r.left < -1)) {
        wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(r.left)}..${Math.round(r.right)}`);
      }
    }
    return wide.slice(0, 10);
  });
}

test.describe('content blocks at desktop width', () => {
  test.use({ viewport: DESKTOP });

  test('draws every block type of the style guide', async ({ page }) => {
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Style guide');
    const types = await page.locator('main [data-block]').evaluateAll((els) => [
      ...new Set(els.map((el) => el.getAttribute('data-block'))),
    ]);
    expect(types.sort()).toEqual(
      [
        'benefit_promo', 'benefit_slider', 'category_slider', 'columns_promo', 'featured_content', 'fifty_fifty',
        'grid_scroll', 'grid_simple', 'icons', 'manual_content', 'partners', 'seventy_thirty', 'sponsor_grid',
        'sponsor_slider', 'stat_counter', 'sweepstakes', 'table', 'testimonial', 'text_block', 'viral_widget',
        'wide_promo', 'winners_grid',
      ].sort(),
    );
    await expect(page.getByText('This block is inactive')).toHaveCount(0);
    await expect(page.getByText('Summer camp deal')).toHaveCount(0);
  });

  test('a slider moves with its buttons and the keyboard', async ({ page }) => {
    await page.goto(PATH);
    const carousel = page.getByRole('region', { name: 'Popular benefits' });
    await carousel.scrollIntoViewIfNeeded();
    const next = carousel.getByRole('button', { name: 'Next' });
    const previous = carousel.getByRole('button', { name: 'Previous' });
    const track = carousel.getByRole('list');
    await expect(next).toBeVisible();
    await expect(carousel).toHaveAttribute('data-index', '0');
    await expect(previous).toHaveAttribute('aria-disabled', 'true');

    await next.click();
    await expect(carousel).toHaveAttribute('data-index', '1');
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(previous).toHaveAttribute('aria-disabled', 'false');
    await expect(next).toBeFocused();

    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect(carousel).toHaveAttribute('data-index', '2');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(carousel).toHaveAttribute('data-index', '0');
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeLessThan(6);
    await expect(track).toBeFocused();
  });

  test('the video overlay opens and closes, unloading the player', async ({ page }) => {
    // Offline the embed cannot load; answering it locally keeps the test quick and quiet.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    await page.goto(PATH);
    const play = page.getByRole('button', { name: 'Play video: How a hardship grant helped the Rivera family' });
    await play.click();
    const dialog = page.getByRole('dialog', { name: 'How a hardship grant helped the Rivera family' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /\/embed\/M7lc1UVf-VE\?autoplay=1/);
    await expect(dialog.getByRole('button', { name: 'Mute' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close video' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('iframe[src*="youtube-nocookie"]')).toHaveCount(0);
    await expect(play).toBeFocused();

    await play.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a [HARTFORD_PARAMS] link opens signup for a visitor and remembers where it went', async ({ page }) => {
    await page.goto(PATH);
    const link = page.getByRole('link', { name: 'Sign up to get a quote' });
    await expect(link).toHaveAttribute('href', '#');
    await link.click();
    await expect(page).toHaveURL(/[?&]modal=signup/);
    await expect(page).toHaveURL(/\/style-guide/);
    const pending = await page.evaluate(() => window.sessionStorage.getItem('pendingLink'));
    expect(JSON.parse(pending ?? '{}')).toEqual({
      url: expect.stringContaining('[HARTFORD_PARAMS]'),
      target: '_blank',
    });
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto(PATH);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  // Issue 37, spec 3 §3, §4 and §9.
  test("a member's embedded form carries their union; a promo's six links; the vertical slider moves", async ({ page }) => {
    await registerMember(page.request); // union 37, Communications Workers of America
    await open(page, PATH);

    const form = page.locator('iframe[title="Free material request form"]');
    await form.scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('src', /external-forms\/free-material-request\.html\?embed=1&union=Communications%20Workers%20of%20America$/);
    // The page's Content-Security-Policy lets the form host's frame load.
    await expect(page.frameLocator('iframe[title="Free material request form"]').getByRole('heading', { name: 'Free Material Request' })).toBeVisible();

    const promo = page.locator('[data-block="fifty_fifty"]', { hasText: 'Auto and home insurance quotes for members' });
    const more = promo.getByRole('list').getByRole('link');
    await expect(more).toHaveCount(6);
    await expect(more.first()).toHaveAttribute('href', '/benefits/auto-insurance');
    await expect(promo.getByRole('link', { name: /A seventh link/ })).toHaveCount(0);

    const slider = page.getByRole('region', { name: 'Browse by category' });
    await slider.scrollIntoViewIfNeeded();
    const slides = slider.locator('li[aria-roledescription="slide"]');
    // A slide's offset from the top of the slider's window (images above may still shift the page).
    const offset = (i: number) =>
      slides.nth(i).evaluate((li) => li.getBoundingClientRect().top - li.parentElement!.getBoundingClientRect().top);
    expect(await offset(0)).toBeCloseTo(0, 0);
    expect(await offset(1)).toBeGreaterThan(100); // waiting below, out of view
    await expect(slides.nth(1)).toHaveCSS('transition-duration', /0\.9s/);
    await slider.getByRole('button', { name: 'Next' }).click();
    await expect(slider).toHaveAttribute('data-index', '1');
    await expect.poll(() => offset(1)).toBeCloseTo(0, 0);
    expect(await offset(0)).toBeLessThan(-100); // moved up, out of view
    await expect(slides.nth(1).getByRole('link', { name: /Explore Insurance/ })).toBeVisible();
    await expect(slides.nth(0).getByRole('link', { name: /Explore Money/ })).toBeHidden();
  });

  test('a section tab shows the menu item\'s tab title', async ({ page }) => {
    await page.goto('/benefits/union-plus-credit-card');
    const section = page.getByRole('navigation', { name: 'In this section' });
    await expect(section.getByRole('link', { name: 'Hardship Grants', exact: true })).toHaveAttribute('href', '/benefits/credit-card-hardship-grants');
    await expect(section.getByText('Cardholder Hardship Grants')).toHaveCount(0);
  });
});

for (const width of [390, 360]) {
  test.describe(`content blocks at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('nothing overflows horizontally', async ({ page }) => {
      await page.goto(PATH);
      expect(await horizontalOverflow(page)).toEqual([]);
    });

    if (width === 390) {
      test('has no serious or critical accessibility violations', async ({ page }) => {
        await page.goto(PATH);
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }
  });
}

// Issue 37 audit: spec 3 §9 'Column count' and §3 'Featured content' (imageId).
test.describe('issue 37 audit: block columns and featured images', () => {
  /** The columns each columned block of the style guide shows, by block type. */
  const columns = (page: Page) =>
    page.locator('main [data-block] ul[data-columns]').evaluateAll((lists) =>
      Object.fromEntries(
        lists.map((ul) => [
          ul.closest('[data-block]')?.getAttribute('data-block'),
          getComputedStyle(ul).gridTemplateColumns.split(' ').length,
        ]),
      ),
    );

  test('items sit 2 across when fewer than 3 or exactly 4, else 3, and one across on a phone', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(PATH);
    // The style guide: 4 columns-promo items, 4 testimonials, 3 of the others.
    expect(await columns(page)).toMatchObject({
      columns_promo: 2, testimonial: 2, icons: 3, featured_content: 3, manual_content: 3,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await columns(page)).toMatchObject({
      columns_promo: 1, testimonial: 1, icons: 1, featured_content: 1, manual_content: 1,
    });
  });

  test('a featured item without an image relationship shows the stored image its image_id names', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(PATH);
    const card = page.locator('main [data-block="featured_content"] article', { hasText: 'What a hardship grant covers' });
    const image = card.getByRole('img', { name: 'A shield with a check mark' });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();
    // A lazy image is visible (laid out) before its file has arrived: wait for it to load, then it
    // must be a real picture, not a broken one.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBeGreaterThan(0);
  });
});
