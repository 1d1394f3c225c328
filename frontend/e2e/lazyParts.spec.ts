import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from './axe';
import { searchWhileHeld } from './carSearchPage';
import { uniqueEmail } from './members';

// Parts of the shell that few page views use load their code when first needed (issue 38): the
// login, sign-up and reset modals, and the union picker. What opens them is handled by code every
// page has (a link, a listener), so a press is never lost while their code is on its way: these
// tests hold the code back right after the press, as a slow network would, then let it through.

/** Holds every script of the site requested from now on until the returned release() is called. */
async function holdLaterScripts(page: Page) {
  return holdScriptsHolding(page, '');
}

/**
 * Holds each script of the site whose code holds `marker` (every script for '') until the returned
 * release() is called; the others go through, so Next's own navigation still works.
 */
async function holdScriptsHolding(page: Page, marker: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js'), async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) await released;
    await route.fulfill({ response, body });
  });
  return release;
}

// A held script may still be on its way when a test ends (the page's later prefetches): its
// handler must not fail the test once the page is gone.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

async function live(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
}

test.describe('at desktop width', () => {
  test.use({ viewport: DESKTOP });

  test('Log in pressed as soon as the page is live opens the login modal once its code arrives', async ({ page }) => {
    // Held from the start: the code must not have arrived, by any path, when the press comes.
    const release = await holdScriptsHolding(page, 'Forgot your password?'); // the login modal's code
    await page.goto('/');
    await live(page);
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\?modal=login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /Email/ })).toBeEditable();
  });

  test('a link to a union page pressed as soon as the page is live opens the union picker once its code arrives', async ({ page }) => {
    const release = await holdScriptsHolding(page, 'e.g. Teachers or AFT'); // the picker's own code (its field's placeholder)
    await page.goto('/');
    await live(page);
    await page.getByRole('link', { name: /Find your union.s benefits/ }).first().click();
    await expect(page).toHaveURL(/\/$/); // asked first, not sent away
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached();
    release();
    await expect(page.getByRole('dialog', { name: 'Find your union' })).toBeVisible();
  });

  test('a main menu section pressed before the page is live opens once it is', async ({ page }) => {
    const release = await holdLaterScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const section = page.getByRole('navigation', { name: 'Main' }).getByRole('button').first();
    await section.click();
    release();
    await live(page);
    await expect(section).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`[id="${await section.getAttribute('aria-controls')}"]`).getByRole('link').first()).toBeVisible();
  });
});

// The content page's rare parts (components/blocks/lazy.tsx): the car search, the hotel search,
// the livestream, the video overlay, embeds, the gate, the union choice. A page loads the code
// of those it draws, beside its other scripts, and no other.
test.describe("a content page's rare parts", () => {
  test.use({ viewport: DESKTOP });

  test('a page without a car search or a hotel search never loads their code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/_next/static/') && response.url().endsWith('.js')) scripts.push(await response.text());
    });
    await page.goto('/');
    await live(page);
    // What loads on the way down too.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByRole('contentinfo')).toBeInViewport();
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((code) => code.includes('Search prices') || code.includes('Where are you going'))).toEqual([]);
  });

  test('a car search sent while only its own code is still on its way goes where it was asked once it arrives', async ({ page }) => {
    // Only the car search's own code held. The search is drawn by the server, in place, so it can
    // be used before its code is here; the page waits for that code before it is live, and the
    // press waits with it.
    const holdItsCode = (p: Page) => holdScriptsHolding(p, 'Search prices');
    const visited = await searchWhileHeld(page, holdItsCode, 'Ford', '94110');
    expect(visited).toEqual(['https://www.truecar.com/prices-new/ford/?zipcode=94110&referrer_id=unionplus-new']);
  });
});

// TanStack Query (lib/query) and the BFF client's calls (lib/bff/browser.ts, with its addresses and
// transport) are in no page's first scripts: the session, the header's cart count and every write
// load them once the page is live (lib/bff/queries.ts). A write sent while they are on their way
// waits for them.
const firstLoadLeavesOut = [
  { name: 'TanStack Query', marker: 'Missing queryFn' }, // a message of its query core, kept by the minifier
  { name: "the BFF client's calls", marker: '/password/forgot' }, // an address only its calls hold
];

for (const { name, marker } of firstLoadLeavesOut) {
  test.describe(name, () => {
    test.use({ viewport: DESKTOP });

    test('home names no script holding it, and a sign-up sent before it has come is sent once, when it comes', async ({ page }) => {
      const release = await holdScriptsHolding(page, marker);
      const named: string[] = [];
      const signUps: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/mailing-list') signUps.push(request.url());
      });
      page.on('response', async (response) => {
        if (response.request().resourceType() === 'document') {
          const html = await response.text();
          // Its scripts and the scripts it asks to preload.
          for (const [, src] of html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.js)"/g)) named.push(src);
        }
      });
      await page.goto('/');
      // Were it among them, held, the page would never go live.
      await live(page);
      expect(named.length).toBeGreaterThan(3);
      for (const src of named) expect(await (await page.request.get(src)).text()).not.toContain(marker);

      const promo = page.getByRole('region', { name: 'Member deals in your inbox' });
      await promo.getByLabel('Union').selectOption({ label: 'Communications Workers of America (CWA)' });
      await promo.getByPlaceholder('Enter your email address *').fill(uniqueEmail());
      await promo.getByRole('button', { name: 'Sign me up' }).click();
      // Busy at once, but nothing sent until the code that sends it is here.
      await expect(promo.locator('form')).toHaveAttribute('aria-busy', 'true');
      expect(signUps).toEqual([]);
      release();
      await expect(promo.getByRole('status')).toHaveText('Newsletter signup successful!');
      expect(signUps).toHaveLength(1);
    });
  });
}

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('Menu pressed before the page is live opens the menu once it is, and the keyboard walks it', async ({ page }) => {
    const release = await holdLaterScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    release();
    await live(page);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    // The sections fold, each a button saying whether it is open.
    const section = nav.getByRole('button').first();
    await section.focus();
    await page.keyboard.press('Enter');
    await expect(section).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`[id="${await section.getAttribute('aria-controls')}"]`).getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Escape'); // the section first
    await expect(section).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Escape'); // then the panel, the focus back on Menu
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  });
});
