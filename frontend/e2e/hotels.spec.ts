import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { PASSWORD, registerMember } from './members';

// The hotel search box (spec 3 §2, §4-5, §7, §9) and the partner redirect (spec 1 §7) against
// the whole stack: the autocomplete goes through the BFF to the partner's stand-in (served by the
// fixture CMS from fixtures/hotels), and the results link through the BFF's 302 to the stand-in's
// listings page, which shows the query it was given.

const PAGE = '/benefits/hotel-discounts';
/** The partner's stand-in: the stack points HOTELS_API_URL and HOTELS_LISTINGS_URL at the fixture CMS. */
const PARTNER = process.env.CMS_URL ?? 'http://127.0.0.1:8081';

const ymd = (d: Date) => `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
const inDays = (n: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
};

const box = (page: Page) => page.getByRole('combobox', { name: 'Where are you going?' });

/** The query the listings stand-in shows, as name → value. */
async function listingsQuery(page: Page): Promise<Record<string, string>> {
  await expect(page.getByRole('heading', { name: 'Hotel listings (stand-in)' })).toBeVisible();
  return Object.fromEntries(new URL(page.url()).searchParams);
}

test.describe('hotel search box', () => {
  test('sits above the hero of the hotel benefit page', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(PAGE);
    const search = page.getByRole('region', { name: 'Find a hotel deal' });
    await expect(search).toBeVisible();
    const hero = page.getByRole('heading', { level: 1 });
    const [a, b] = [await search.boundingBox(), await hero.boundingBox()];
    expect(a && b && a.y + a.height <= b.y).toBe(true);
    // Other benefit pages have none.
    await page.goto('/benefits/wireless');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Find a hotel deal' })).toHaveCount(0);
  });

  test('a search by keyboard: place, dates, guests, then the partner listings with the built link', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(PAGE);
    await box(page).click();
    await box(page).pressSequentially('new y');
    await expect(page.getByRole('option', { name: /New York, NY/ })).toBeVisible();
    await box(page).press('ArrowDown');
    await expect(page.getByRole('option', { name: /New York, NY/ })).toHaveAttribute('aria-selected', 'true');
    await box(page).press('Enter');
    await expect(box(page)).toHaveValue('New York, NY');
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');

    // Dates on the calendar: two months at this width; today has the focus.
    await page.getByRole('button', { name: 'Choose dates on a calendar' }).click();
    const calendar = page.getByRole('dialog', { name: 'Choose check-in and check-out dates' });
    await expect(calendar.getByRole('table')).toHaveCount(2);
    await page.keyboard.press('ArrowDown'); // a week from today
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(calendar).toHaveCount(0);
    const [checkIn, checkOut] = [inDays(7), inDays(9)];
    const mdy = (d: Date) => `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
    await expect(page.getByRole('textbox', { name: 'Check-in and check-out' })).toHaveValue(`${mdy(checkIn)} to ${mdy(checkOut)}`);

    // Guests: the dropdown opens and closes.
    const guests = page.getByRole('button', { name: /^Guests/ });
    await guests.click();
    await expect(guests).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'More rooms' }).click();
    await page.getByRole('button', { name: 'More adults' }).click();
    await page.getByRole('button', { name: 'More children' }).click();
    await page.getByRole('combobox', { name: 'Age of child 1' }).selectOption({ label: 'Infant' });
    await page.keyboard.press('Escape');
    await expect(guests).toHaveAttribute('aria-expanded', 'false');
    await expect(guests).toHaveText('2 rooms, 3 adults, 1 child');

    await page.getByRole('button', { name: 'Search hotels' }).click();
    await page.waitForURL(`${PARTNER}/hotels/listings?**`);
    expect(await listingsQuery(page)).toEqual({
      wl_source: 'searchbox',
      mk: 'dev-member-key',
      destinationType: 'CITY',
      destinationId: '3000016152',
      checkIn: ymd(checkIn),
      checkOut: ymd(checkOut),
      numRooms: '2',
      numAdults: '3',
      childrenAges: '0',
    });
  });

  test('asks for a place from the list, and shows no suggestions when the partner fails', async ({ page }) => {
    await page.goto(PAGE);
    await page.getByRole('button', { name: 'Search hotels' }).click();
    await expect(page.getByText('Choose a destination from the list.')).toBeVisible();
    await expect(box(page)).toBeFocused();

    const answered = page.waitForResponse((r) => r.url().includes('/api/v1/hotels/locations?q=error'));
    await box(page).pressSequentially('error');
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('partner redirect (spec 1 §7)', () => {
  // Spec 1 §4: the listing link carries the site's member key, so a visitor signs in first and
  // then lands on it; a member goes there at once.
  const from = ymd(inDays(10));
  const to = ymd(inDays(12));
  const partnerURL = `${PARTNER}/relax/in/3000016152/from/${from}/to/${to}/rooms/1/adults/2`;
  const rebuilt = {
    utm_source: 'union-benefits',
    utm_medium: 'partner-redirect',
    utm_campaign: 'hotels',
    mk: 'dev-member-key',
    destinationType: 'CITY',
    destinationId: '3000016152',
    checkIn: from,
    checkOut: to,
    numRooms: '1',
    numAdults: '2',
  };

  test('a visitor signs in first, then lands on the rebuilt listing link', async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const { email } = await registerMember(api); // a member of its own; the page stays a visitor
    await api.dispose();
    const partnerHits: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${PARTNER}/hotels/listings`)) partnerHits.push(r.url());
    });

    await page.goto(`/benefits/wireless?redirect_url=${encodeURIComponent(partnerURL)}`);
    await expect(page).toHaveURL(/^[^?]*\/\?modal=login&destination=%2Fapi%2Fv1%2Fhotels%2Fredirect/);
    expect(partnerHits).toEqual([]); // the visitor never reached the partner
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog).toBeFocused(); // hydrated: the modal has taken focus
    await dialog.getByLabel(/^Email/).fill(email);
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log In' }).click();

    expect(await listingsQuery(page)).toEqual(rebuilt);
    expect(partnerHits).toHaveLength(1);
  });

  test('a signed-in member is sent to the rebuilt listing link at once', async ({ page }) => {
    await registerMember(page.request); // signs the page in
    await page.goto(`/?redirect_url=${encodeURIComponent(partnerURL)}`);
    expect(await listingsQuery(page)).toEqual(rebuilt);
  });

  test('a visitor is never sent on with the member key, through a page or the route itself', async ({ request }) => {
    for (const address of [
      `/?redirect_url=${encodeURIComponent(partnerURL)}`,
      `/api/v1/hotels/redirect?redirect_url=${encodeURIComponent(partnerURL)}`,
      `/api/v1/hotels/redirect?redirect_url=${encodeURIComponent(partnerURL)}&uid=someone`,
    ]) {
      let res = await request.get(address, { maxRedirects: 0, headers: { cookie: 'session=forged; uid=someone' } });
      // Through the page: first to the BFF's route, which answers for itself.
      for (let hops = 0; hops < 3 && res.status() === 302; hops++) {
        const location = res.headers().location ?? '';
        expect(location, address).not.toContain('mk=');
        expect(location, address).not.toContain('dev-member-key');
        const next = new URL(location, 'http://site.invalid');
        if (!next.pathname.startsWith('/api/')) break;
        res = await request.get(next.pathname + next.search, { maxRedirects: 0 });
      }
      expect(res.status(), address).toBe(302);
      const landing = new URL(res.headers().location ?? '', 'http://site.invalid');
      expect(landing.pathname).toBe('/');
      expect(landing.searchParams.get('modal')).toBe('login');
      expect(landing.searchParams.get('destination')).toBe(`/api/v1/hotels/redirect?redirect_url=${encodeURIComponent(partnerURL)}`);
    }
  });

  test('a store path goes there; anything else goes home', async ({ page, baseURL }) => {
    await page.goto(`${PAGE}?redirect_url=${encodeURIComponent('/store')}`);
    await expect(page).toHaveURL(`${baseURL}/store`);
    for (const target of ['https://evil.example/', '//evil.example/store', '/account', '/store/../account']) {
      await page.goto(`/benefits/wireless?redirect_url=${encodeURIComponent(target)}`);
      await expect(page).toHaveURL(`${baseURL}/`);
    }
  });
});

for (const [name, size] of [
  ['1280', DESKTOP],
  ['390', PHONE],
] as const) {
  test(`hotel search has no serious axe violations at ${name} px, open or closed`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await box(page).pressSequentially('new');
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await box(page).press('Escape');

    await page.getByRole('button', { name: 'Choose dates on a calendar' }).click();
    await expect(page.getByRole('table')).toHaveCount(size === PHONE ? 1 : 2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Guests/ }).click();
    await page.getByRole('button', { name: 'More children' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
