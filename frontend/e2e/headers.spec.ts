import { createHash } from 'node:crypto';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { DESKTOP } from './axe';
import { open, registerMember } from './members';

// Security headers (proxy.ts, lib/securityHeaders.ts): every HTML page carries a
// Content-Security-Policy with a nonce of its own that Next puts on its scripts (the page cache's
// shared one on the pages it serves, lib/pageCache.ts), and the other
// headers; the BFF's API keeps its own headers through the edge's /api/v1 proxy; nothing a page does
// today is refused by the policy, and the browser understands every header it is sent. Also the
// address-borne inputs the policy work came with: ?message= codes, the reset link's secrets,
// ?union=.

// `cached`: an anonymous visitor's CMS page comes from the page cache (lib/pageCache.ts), rendered
// once for everyone, so its scripts carry the page cache's nonce rather than one per response.
const PAGES = [
  { name: 'the home page', path: '/', status: 200, cached: true },
  { name: 'a content page', path: '/faq', status: 200, cached: true },
  { name: 'the reset page', path: '/reset?apiKey=k3y&lang=en&mode=resetPassword&oobCode=c0de', status: 200, cached: false },
  { name: 'the partner popup', path: '/login/partner/test-partner', status: 200, cached: false },
  // A page's address may end in an extension (this one is the popup's 'no such partner').
  { name: 'a page address ending in an extension', path: '/login/partner/x.json', status: 200, cached: false },
  { name: 'a page that does not exist', path: '/no-such-page-anywhere', status: 404, cached: false },
];

/** A policy as directive name → its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function pageNonce(res: APIResponse): string {
  const csp = res.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, `a nonce in ${csp}`).toBeTruthy();
  return nonce as string;
}

/**
 * Collects what the policy refuses on a page, in it and in its frames: the browser's own console
 * report, and the securitypolicyviolation event said out loud. Also any header the browser could
 * not read (Chromium says "Error with Permissions-Policy header: Unrecognized feature" and the
 * like once per page): a header it ignores protects nothing.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/content.security.policy|permissions.policy|feature.policy|error (with|parsing) .*header/i.test(message.text())) {
      refused.push(message.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return refused;
}

/** Scrolls through the whole page so lazy images and frames load. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForLoadState('networkidle');
}

test.describe('headers of the HTML pages', () => {
  for (const { name, path, status, cached } of PAGES) {
    const whose = cached ? 'the page cache’s nonce' : 'its own nonce';
    test(`${name} carries the policy with ${whose}, on every script, and the other headers`, async ({ request }) => {
      // As a browser loads a page: only such a load is served from the page cache.
      const load = { maxRedirects: 0, headers: { 'sec-fetch-dest': 'document' } };
      const res = await request.get(path, load);
      expect(res.status()).toBe(status);
      const headers = res.headers();
      const nonce = pageNonce(res);
      const csp = directives(headers['content-security-policy'] ?? '');
      expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]));
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['script-src']).not.toContain("'unsafe-eval'");
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['frame-src']).toContain('https://www.youtube-nocookie.com');

      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe(path.startsWith('/reset') ? 'no-referrer' : 'strict-origin-when-cross-origin');
      // Partner sites open the popup and keep its window.opener; any other page is cut off from
      // a window of another site that opens it.
      expect(headers['cross-origin-opener-policy']).toBe(path.startsWith('/login/partner/') ? undefined : 'same-origin-allow-popups');
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['permissions-policy']).toContain('microphone=()');
      expect(headers['permissions-policy']).toContain('geolocation=()');
      // Plain http on this machine: no HSTS (browsers ignore it here, and it would pin localhost).
      expect(headers['strict-transport-security']).toBeUndefined();

      // Every script Next wrote carries this response's nonce, and no other. The one inline script
      // of our own (lib/earlyInputScript.ts) is the same on every page and runs by its hash.
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(1);
      const byHash = scripts.filter(([, attributes]) => !attributes.includes('nonce='));
      expect(byHash.map(([tag]) => tag.slice(0, 60))).toHaveLength(1);
      const hash = createHash('sha256').update(byHash[0][2]).digest('base64');
      expect(csp['script-src']).toContain(`'sha256-${hash}'`);
      for (const [tag, attributes] of scripts) {
        if (attributes.includes('nonce=')) expect(attributes, tag.slice(0, 120)).toContain(`nonce="${nonce}"`);
      }

      const again = await request.get(path, load);
      if (cached) {
        // The same HTML from the cache, the same nonce; every cached page shares it, and a page
        // rendered per request never has it.
        expect(pageNonce(again)).toBe(nonce);
        expect(pageNonce(await request.get(path === '/' ? '/faq' : '/', load))).toBe(nonce);
        const member = { ...load, headers: { ...load.headers, cookie: 'session=not-a-session' } };
        expect(pageNonce(await request.get(path, member))).not.toBe(nonce);
      } else {
        // A new response, a new nonce.
        expect(pageNonce(again)).not.toBe(nonce);
      }
    });
  }

  test('the BFF answers through the edge\'s /api/v1 proxy with its own headers, untouched', async ({ request }) => {
    const res = await request.get('/api/v1/site');
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers['content-type']).toContain('application/json');
    expect(directives(headers['content-security-policy'] ?? '')).toMatchObject({
      'default-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(headers['content-security-policy']).not.toContain('nonce-');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });

  test("a widget frame's document has its own sandboxing policy, framable by the site only", async ({ page, request }) => {
    await page.goto('/style-guide');
    const src = await page.locator('[data-block="viral_widget"] iframe').first().getAttribute('src');
    expect(src).toMatch(/^\/embed\/viral-widget\//);
    const res = await request.get(src as string);
    expect(res.status()).toBe(200);
    const csp = directives(res.headers()['content-security-policy'] ?? '');
    expect(csp.sandbox).toEqual(expect.arrayContaining(['allow-scripts']));
    expect(csp.sandbox).not.toContain('allow-same-origin');
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(res.headers()['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers()['cache-control']).toContain('no-store');
  });
});

test.describe('nothing the pages do is refused by the policy', () => {
  test.use({ viewport: DESKTOP });

  test('the watch itself hears a refusal: an inline handler and a frame from elsewhere', async ({ page }) => {
    const refused = await watchPolicy(page);
    await open(page, '/');
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = 'https://elsewhere.example/';
      document.body.append(frame);
      const button = document.createElement('button');
      button.setAttribute('onclick', 'document.title = "ran"');
      document.body.append(button);
      button.click();
    });
    await expect.poll(() => refused.join('\n')).toContain('frame-src');
    expect(refused.join('\n')).toContain('script-src-attr');
    expect(await page.title()).not.toBe('ran');
  });

  test('the watch itself hears a header the browser cannot read', async ({ page }) => {
    const refused = await watchPolicy(page);
    await page.route('**/faq', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers(), 'permissions-policy': `${response.headers()['permissions-policy']}, bluetooth=()` };
      await route.fulfill({ response, headers });
    });
    await open(page, '/faq');
    await expect.poll(() => refused.join('\n')).toContain('Permissions-Policy');
  });

  test('the home page', async ({ page }) => {
    const refused = await watchPolicy(page);
    await open(page, '/');
    await scrollThrough(page);
    expect(refused).toEqual([]);
  });

  test('the blocks page: images, the video player, the widget frames', async ({ page }) => {
    // Offline the player cannot load; answering it locally keeps the frame-src check meaningful.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    const refused = await watchPolicy(page);
    await open(page, '/style-guide');
    await scrollThrough(page);

    const widget = page.locator('[data-block="viral_widget"]');
    await expect(widget.frameLocator('iframe').first().getByRole('heading', { name: 'Enter the Winter Getaway Sweepstakes' })).toBeVisible();
    await widget.getByRole('button', { name: 'Read the official rules' }).click();
    await expect(widget.frameLocator('dialog iframe').getByRole('heading', { name: 'Official rules' })).toBeVisible();
    await widget.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /^Play video:/ }).first().click();
    await expect(page.locator('iframe[src*="youtube-nocookie"]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    expect(refused).toEqual([]);
  });

  test('a signed-in member with the chat assistant, the store and an external form', async ({ page }) => {
    const refused = await watchPolicy(page);
    await registerMember(page.request);
    await open(page, '/');
    await expect(page.locator('#chatbot-launcher')).toBeVisible();
    await open(page, '/store');
    await scrollThrough(page);
    await open(page, '/form/smartphone-rebate-form');
    const form = page.frameLocator('iframe[title="Smartphone Rebate"]');
    await expect(form.getByRole('heading', { level: 1 })).toBeVisible();
    expect(refused).toEqual([]);
  });

  test('the partner popup and the reset page', async ({ page }) => {
    const refused = await watchPolicy(page);
    await open(page, '/login/partner/test-partner');
    await open(page, '/reset?apiKey=k3y&lang=en&mode=resetPassword&oobCode=c0de');
    await expect(page.getByRole('button', { name: 'Set New Password' })).toBeVisible();
    expect(refused).toEqual([]);
  });
});

test.describe('what the address may carry', () => {
  test.use({ viewport: DESKTOP });

  test('?message= shows the text of a known code only, never free text', async ({ page }) => {
    const region = page.getByTestId('status-messages');
    await page.goto('/?message=Your%20account%20is%20locked.%20Call%20555-0100');
    await expect(page).not.toHaveURL(/message=/);
    await page.waitForTimeout(500); // past the 200 ms a message waits before it shows
    await expect(region).toHaveText('');
    await expect(page.getByText('Your account is locked')).toHaveCount(0);

    await page.goto('/?message=profileUpdated');
    await expect(region.getByText('Your profile has been updated.')).toBeVisible();
  });

  test("the reset link's code and key leave the address and are never tracked", async ({ page }) => {
    await open(page, '/reset?apiKey=k3y&lang=en&mode=resetPassword&oobCode=c0de');
    await expect(page.getByRole('button', { name: 'Set New Password' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).search).toBe('?lang=en&mode=resetPassword');
    const tracked = await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []));
    expect(tracked).toContain('page_view');
    expect(tracked).not.toMatch(/oobCode|c0de|apiKey|k3y/);
  });

  test('a malformed ?union= is not kept, a union id is', async ({ page }) => {
    const unionCookie = async () => (await page.context().cookies()).find((c) => c.name === 'union')?.value;
    await page.goto('/?union=%3Cb%3E37');
    expect(await unionCookie()).toBeUndefined();
    await page.goto('/?union=41');
    expect(await unionCookie()).toBe('41');
  });
});
