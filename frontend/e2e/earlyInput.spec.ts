import { expect, test, type Page } from '@playwright/test';
import { DESKTOP } from './axe';
import { CAR_BUYING_PATH, carSearchBlock, searchWhileHeld, skipLightbox } from './carSearchPage';

// What a person does before the page's JavaScript has arrived is kept (lib/earlyInputScript.ts,
// lib/earlyInput.ts). The page's scripts are held back until the person has acted, as on a slow
// phone network, where a page from the page cache is readable seconds before it is interactive.

test.use({ viewport: DESKTOP });

/** Holds every script of the site (not its styles) until the returned release() is called. */
async function holdScripts(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js'), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function live(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
}

test('the script is in the page once, and still there once the page is live', async ({ page, request }) => {
  // Not again in React's payload (components/shell/EarlyInputScript.tsx): 1.9 KB of every page.
  const html = await (await request.get('/')).text();
  expect(html.split('__earlyInput = ').length - 1).toBe(1);
  await page.goto('/');
  await live(page);
  expect(await page.locator('head script:not([src])').first().textContent()).toContain('__earlyInput = ');
});

test('a car search made before the page is live goes where it was asked to go', async ({ page }) => {
  // Every script held. The makes listed are the new cars' until the page is live (the list
  // follows the condition).
  const visited = await searchWhileHeld(page, holdScripts, 'Land Rover', '20001');
  expect(visited).toEqual(['https://www.truecar.com/prices-new/land-rover/?zipcode=20001&referrer_id=unionplus-new']);
});

test('a search with mistakes, made before the page is live, shows its messages and keeps what was typed', async ({ page }) => {
  await skipLightbox(page);
  const release = await holdScripts(page);
  await page.goto(CAR_BUYING_PATH, { waitUntil: 'commit' });
  const block = carSearchBlock(page);
  const zip = block.getByRole('textbox', { name: /Zip code/ });
  await zip.fill('2000');
  await block.getByRole('button', { name: 'Search prices' }).click();
  release();
  await live(page);
  await expect(block.getByText('Please choose a make.')).toBeVisible();
  await expect(block.getByText('Please enter a valid zip code (5 digits)')).toBeVisible();
  await expect(zip).toHaveValue('2000');
  await expect(page).toHaveURL(/\/benefits\/car-buying$/);
});

test('a press of play before the page is live opens the video', async ({ page }) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  const release = await holdScripts(page);
  await page.goto('/style-guide', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Play video: How a hardship grant helped the Rivera family' }).click();
  release();
  await expect(page.getByRole('dialog', { name: 'How a hardship grant helped the Rivera family' })).toBeVisible();
});

test('what is typed into the log-in form before the page is live stays, and the form can be sent', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/?modal=login', { waitUntil: 'commit' });
  const login = page.getByRole('dialog', { name: 'Log In' });
  await login.getByLabel(/^Email/).fill('someone@example.com');
  await login.getByLabel(/^Password/).fill('not-the-password-1');
  release();
  await live(page);
  await expect(login.getByLabel(/^Email/)).toHaveValue('someone@example.com');
  await expect(login.getByLabel(/^Password/)).toHaveValue('not-the-password-1');
  await expect(login.getByRole('button', { name: 'Log In' })).toBeEnabled();
});
