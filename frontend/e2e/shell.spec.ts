import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';

// The application shell (spec 1 §2 and §4, spec 3 §2 and §4): modals opened by ?modal=, status
// messages, the priority main menu, page views with their utm parameters.

const MODALS = [
  { param: 'login', title: 'Log In' },
  { param: 'signup', title: 'Create Your Account' },
  { param: 'forgot', title: 'Forgot Password' },
];

/** Opens a modal by address and waits until the browser has taken it over (focus moved in). */
async function openModal(page: Page, param: string, title: string) {
  await page.goto(`/?modal=${param}`);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  return dialog;
}

test.describe('modals from ?modal=', () => {
  test.use({ viewport: DESKTOP });

  test('login opens the login dialog; Escape closes it and takes modal out of the address', async ({ page }) => {
    const dialog = await openModal(page, 'login', 'Log In');
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/modal=/);
  });

  test('the modal opened by the server HTML is the right one for each alias', async ({ request }) => {
    for (const [param, title] of [
      ['signin', 'Log In'],
      ['register', 'Create Your Account'],
      ['forgot', 'Forgot Password'],
    ]) {
      const html = await (await request.get(`/?modal=${param}`)).text();
      // A native <dialog>, open in the HTML (shown modally once the scripts run).
      expect(html, param).toMatch(new RegExp(`<dialog[^>]*\\sopen=""[\\s\\S]*${title}`));
    }
  });

  test('register and forgot open signup and reset; their links switch between them', async ({ page }) => {
    const signup = await openModal(page, 'register', 'Create Your Account');
    await signup.getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
    await expect(page).toHaveURL(/modal=login/);

    // From the login modal, the reset modal's Cancel goes back to it (spec 3 §4)...
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.getByRole('link', { name: 'Forgot your password?' }).click();
    const reset = page.getByRole('dialog', { name: 'Forgot Password' });
    await reset.getByRole('link', { name: 'Cancel' }).click();
    await expect(login).toBeVisible();
    await login.getByRole('link', { name: 'Create your account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Your Account' })).toBeVisible();

    // ...and opened on its own, Cancel closes it ("or closes when standalone").
    const alone = await openModal(page, 'forgot', 'Forgot Password');
    await alone.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
  });

  test('the close button and the backdrop close the modal, and focus stays inside while open', async ({ page }) => {
    let dialog = await openModal(page, 'login', 'Log In');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/modal=/);

    dialog = await openModal(page, 'signup', 'Create Your Account');
    await page.mouse.click(8, DESKTOP.height - 8);
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/modal=/);
  });

  test('an unknown value opens nothing and leaves the address within a second', async ({ page }) => {
    await page.goto('/?modal=bogus&union=x');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.waitForURL((url) => !url.searchParams.has('modal'), { timeout: 1_000 });
    expect(new URL(page.url()).searchParams.get('union')).toBe('x');
  });

  test('the page behind does not scroll while a modal is open', async ({ page }) => {
    await openModal(page, 'login', 'Log In');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`modals at ${viewport.width}px`, () => {
    test.use({ viewport });

    for (const { param, title } of MODALS) {
      test(`${title} has no serious or critical accessibility violations`, async ({ page }) => {
        const dialog = await openModal(page, param, title);
        await page.waitForTimeout(400); // let the opening animation finish before contrast is judged
        if (viewport === PHONE) {
          const box = await dialog.boundingBox();
          expect(box?.width).toBe(PHONE.width); // full screen on phones
        }
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('status messages', () => {
  test.use({ viewport: DESKTOP });

  test('a ?message= code is shown, taken out of the address, and gone after about 9 s', async ({ page }) => {
    test.setTimeout(40_000);
    await page.goto('/?message=profileUpdated');
    const region = page.getByTestId('status-messages');
    const message = region.getByText('Your profile has been updated.');
    await expect(message).toBeVisible();
    await expect(page).not.toHaveURL(/message=/);
    const shownAt = Date.now();
    await expect(message).toHaveCount(0, { timeout: 12_000 });
    // 8 s open plus the 800 ms fade; the 200 ms before it appeared are already behind us.
    expect(Date.now() - shownAt).toBeGreaterThan(7_500);
  });

  test('an error message can be closed from its button', async ({ page }) => {
    await page.goto('/?message=resetLinkInvalid');
    const region = page.getByTestId('status-messages');
    const text = 'This password reset link is invalid or has expired. Please request a new one.';
    await expect(region.getByText(text)).toBeVisible();
    await expect(region.getByText('Error:')).toHaveCount(1);
    await region.getByRole('button', { name: 'Close message' }).click();
    await expect(region.getByText(text)).toHaveCount(0, { timeout: 2_000 });
  });
});

test.describe('priority navigation', () => {
  /** The titles in weight order (the hidden measuring copy), what the bar shows, and what More holds. */
  async function menuState(page: Page) {
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(nav.locator('ul[data-measured]')).toHaveCount(1);
    const all = (await nav.locator('[aria-hidden="true"] > span').allTextContents()).slice(0, -1);
    const bar = await nav.locator('ul[data-measured] > li > :first-child').allTextContents();
    const more = nav.getByRole('button', { name: 'More' });
    let moved: string[] = [];
    if ((await more.count()) > 0) {
      await more.click();
      const panel = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`);
      await expect(panel).toBeVisible();
      moved = await panel.locator(':scope > ul > li > :first-child').allTextContents();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(more).toBeFocused();
    }
    const fitsOneLine = await nav.locator('ul[data-measured]').evaluate((ul) => {
      const items = [...ul.children].map((li) => li.getBoundingClientRect());
      const right = ul.getBoundingClientRect().right;
      return items.every((r) => Math.abs(r.top - (items[0]?.top ?? 0)) < 1 && r.right <= right + 1);
    });
    return { all, bar, moved, fitsOneLine };
  }

  test('at 1100px what does not fit goes under More, in weight order', async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.goto('/');
    const { all, bar, moved, fitsOneLine } = await menuState(page);
    expect(bar.at(-1)).toBe('More');
    expect(moved.length).toBeGreaterThan(0);
    expect([...bar.slice(0, -1), ...moved]).toEqual(all);
    expect(fitsOneLine).toBe(true);
  });

  test('at 1600px every item is in the bar and there is no More', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    const { all, bar, moved, fitsOneLine } = await menuState(page);
    expect(moved).toEqual([]);
    expect(bar).toEqual(all);
    expect(fitsOneLine).toBe(true);
  });

  test('the server HTML draws the main menu and the footer once, for every width', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const markup = html.replace(/<script\b[\s\S]*?<\/script>/g, ''); // the page as drawn, not React's payload
    expect(markup.match(/<nav[^>]*aria-label="Main"/g)).toHaveLength(1);
    expect(markup.match(/<footer\b/g)).toHaveLength(1);
    expect(markup.match(/<nav[^>]*aria-label="Benefits"/g)).toHaveLength(1);
    // A benefit group's link: one in the footer, not one per layout.
    const footer = markup.match(/<footer\b[\s\S]*<\/footer>/)?.[0] ?? '';
    expect(footer.match(/href="\/benefits\/union-plus-credit-card"/g)).toHaveLength(1);
    expect(markup).not.toContain('<details');
  });

  test('the server HTML holds every item in the bar, with no More', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const nav = html.match(/<nav[^>]*aria-label="Main"[\s\S]*?<\/nav>/)?.[0] ?? '';
    // (The hidden copy of the labels measured for the bar holds a 'More' label; no button does.)
    const buttons = nav.match(/<button\b[\s\S]*?<\/button>/g) ?? [];
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.filter((button) => button.includes('>More<'))).toEqual([]);
    expect(nav.replace(/<[^>]+>/g, '')).toContain('Money &amp; Credit'); // the label's last word keeps its chevron in a span
  });
});

test.describe('page views', () => {
  test.use({ viewport: DESKTOP });

  test('each page view lands in dataLayer, and utm_source is kept after navigating on', async ({ page }) => {
    await page.goto('/?utm_source=test');
    type Event = { event: string; path: string; title: string; utm_source?: string };
    const views = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: Event[] }).dataLayer ?? []).filter((e) => e.event === 'page_view'),
      );
    await expect.poll(views).toEqual([expect.objectContaining({ path: '/?utm_source=test', utm_source: 'test' })]);

    // On to another page inside the app: the first section's overview in the main menu.
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    const section = nav.getByRole('button').first();
    await section.click();
    const panel = page.locator(`[id="${await section.getAttribute('aria-controls')}"]`);
    const link = panel.getByRole('link').first();
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect
      .poll(views)
      .toEqual([
        expect.objectContaining({ path: '/?utm_source=test' }),
        expect.objectContaining({ event: 'page_view', path: href, utm_source: 'test' }),
      ]);
    const [, second] = await views();
    expect(second?.title).toBe(await page.title());
  });

  test('a new route starts at the top of the page', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footerLink = page.getByRole('contentinfo').locator('a[href^="/"]:not([href="/"])').first();
    const href = (await footerLink.getAttribute('href')) ?? '';
    await footerLink.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
