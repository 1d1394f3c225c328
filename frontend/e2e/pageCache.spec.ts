import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { open, registerMember } from './members';

// The page cache (lib/pageCache.ts): an anonymous visitor's CMS page is rendered once per
// (path, union) and then served by the CDN (the stack's edge, keeping it as Netlify's does: under
// the address the proxy rewrote it to, as the headers Netlify's Next.js runtime makes allow);
// members and anything personal render per request; a publish shows at once.

const BFF = process.env.BFF_URL ?? 'http://127.0.0.1:8080';
const WEBHOOK_SECRET = process.env.CMS_WEBHOOK_SECRET ?? 'dev-cms-webhook-secret';

/**
 * Where the answer came from, by its Cache-Status (the cache nearest the browser first): 'edge'
 * when the CDN served it without asking Next, 'stored' when the CDN asked Next and kept the
 * answer, none when the page was rendered for this request alone.
 */
function cacheState(res: APIResponse): 'edge' | 'stored' | undefined {
  const status = res.headers()['cache-status'] ?? '';
  if (status.startsWith('"Netlify Edge"; hit')) return 'edge';
  if (status.startsWith('"Netlify Edge"; fwd=miss; stored')) return 'stored';
  expect(status, 'a page the CDN passed on without keeping it').toBe('');
  return undefined;
}

/**
 * Loads a page as a browser loads a document (Sec-Fetch-Dest: document), as a visitor whose only
 * cookie is their union's, or none.
 */
async function visit(request: APIRequestContext, path: string, union?: string): Promise<APIResponse> {
  const res = await request.get(path, {
    maxRedirects: 0,
    headers: { 'sec-fetch-dest': 'document', cookie: union ? `union=${union}` : '' },
  });
  expect(res.status(), path).toBe(200);
  return res;
}

test('a visitor’s page is rendered once, then every visitor of that union gets the same HTML from the CDN', async ({ request }) => {
  const path = '/financial-wellness-guide';
  await visit(request, path, '41'); // rendered now, or by an earlier visitor
  const [a, b] = [await visit(request, path, '41'), await visit(request, path, '41')];
  expect(cacheState(a)).toBe('edge');
  expect(cacheState(b)).toBe('edge');
  expect(await a.text()).toBe(await b.text()); // byte for byte: nothing of the request is in it
  // Never kept by the browser or a shared cache: the address is shared by members and unions.
  expect(a.headers()['cache-control']).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
  // Each union has its own: the chrome and pages differ by union.
  const other = await visit(request, '/financial-wellness-guide', '37');
  expect(await other.text()).not.toBe(await a.text());
  // The internal route is no address of the site.
  expect((await request.get('/visitor/41/financial-wellness-guide', { maxRedirects: 0 })).status()).toBe(404);
});

test('an address with a query is rendered for its reader, so no query is ever written into a shared page', async ({ request }) => {
  // Next writes the address a render was asked for into the page (the client router's record of
  // it): a page cached from this request would hand the marker to every visitor after.
  const marker = `first-visitor-${Date.now()}`;
  const first = await visit(request, `/contact-us?utm_source=${marker}`, '61');
  expect(cacheState(first)).toBeUndefined();
  expect(await first.text()).toContain(marker); // its own links keep it, as before
  await visit(request, '/contact-us', '61');
  const later = await visit(request, '/contact-us', '61');
  expect(cacheState(later)).toBe('edge');
  expect(await later.text()).not.toContain(marker);
});

test('nothing personal lands in a cached page; a member and a visitor of the same union each see their own', async ({
  browser,
  request,
}) => {
  // A CWA member (union 37) reads a members-only page and the home page first: had their render
  // been kept for everyone, the visitor below would be served it.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const { email } = await registerMember(member.request);
  for (const path of ['/member-toolkit', '/']) {
    // As the browser loads a page, so through the CDN's step (the proxy's decision first).
    const res = await member.request.get(path, { headers: { 'sec-fetch-dest': 'document' } });
    expect(cacheState(res), `${path} for a member`).toBeUndefined(); // rendered for them alone
    const html = await res.text();
    expect(html).toContain('My Account');
    expect(html).toContain(email);
  }
  await open(member, '/member-toolkit');
  await expect(member.getByText(/MEMBERS-ONLY/).first()).toBeVisible();

  // A visitor of the same union: the home page from the cache; the members-only page's gate is
  // rendered per request (signing in through it must land on the member's page).
  for (const [path, state] of [['/member-toolkit', undefined], ['/', 'edge']] as const) {
    await visit(request, path, '37');
    const res = await visit(request, path, '37');
    expect(cacheState(res), path).toBe(state);
    const html = await res.text();
    expect(html).not.toContain(email);
    expect(html).not.toContain('My Account');
    expect(html).not.toContain('MEMBERS-ONLY');
  }
  const visitor = await browser.newPage();
  await visitor.context().addCookies([{ name: 'union', value: '37', url: process.env.FRONTEND_URL ?? 'http://127.0.0.1:3000' }]);
  await open(visitor, '/member-toolkit');
  await expect(visitor.getByRole('dialog').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(visitor.getByText(/MEMBERS-ONLY/)).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'My Account' })).toHaveCount(0);

  // And the member, after the visitor, still gets their own page.
  await open(member, '/member-toolkit');
  await expect(member.getByText(/MEMBERS-ONLY/).first()).toBeVisible();
  await expect(member.getByRole('dialog')).toHaveCount(0);
  await memberContext.close();
  await visitor.context().close();
});

test('a visitor carrying any cookie of ours but the union’s gets a page rendered for them', async ({ request }) => {
  // A subscriber, a cart, a session (even a forged one), an editor's draft preview, Next's draft mode.
  for (const cookie of ['union_benefits_subscribed=1', 'up_cart=abc', 'session=not-a-session', 'up_preview=draft', '__prerender_bypass=x']) {
    const res = await request.get('/financial-wellness-guide', { headers: { cookie, 'sec-fetch-dest': 'document' } });
    expect(res.status(), cookie).toBe(200);
    expect(cacheState(res), cookie).toBeUndefined();
  }
});

/** Sends the CMS's publish webhook for tags to the BFF, signed as the CMS signs it. */
async function publish(request: APIRequestContext, tags: string[]) {
  const body = JSON.stringify({ tags });
  const t = Math.floor(Date.now() / 1000);
  const mac = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
  const res = await request.post(`${BFF}/api/v1/hooks/cms`, {
    data: body,
    headers: { 'Content-Type': 'application/json', 'X-CMS-Signature': `t=${t},sha256=${mac}` },
  });
  expect(res.status(), await res.text()).toBe(202);
}

test('an edit the CMS publishes shows on the cached page within 2 s', async ({ request }) => {
  // The stack's test mode serves a scratch copy of the fixtures (CMS_FIXTURE_DIR): editing it is
  // what publishing does to the CMS. This page is read by no other test.
  const dir = process.env.CMS_FIXTURE_DIR;
  expect(dir, 'run under the stack in test mode (make test), which sets CMS_FIXTURE_DIR').toBeTruthy();
  const file = join(dir as string, 'node', 'savings-tools.json');
  const original = readFileSync(file, 'utf8');
  const before = '"hero_headline": "Savings Tools"';
  expect(original).toContain(before);
  const headline = `Savings Tools, edited ${Date.now()}`;

  await visit(request, '/savings-tools');
  expect(cacheState(await visit(request, '/savings-tools'))).toBe('edge');
  try {
    writeFileSync(file, original.replace(before, `"hero_headline": "${headline}"`));
    const sent = Date.now();
    await publish(request, ['node:2202']);
    await expect.poll(async () => (await visit(request, '/savings-tools')).text(), { intervals: [50], timeout: 2_000 }).toContain(headline);
    expect(Date.now() - sent).toBeLessThan(2_000);
  } finally {
    writeFileSync(file, original);
    await publish(request, ['node:2202']);
  }
  await expect.poll(async () => (await visit(request, '/savings-tools')).text(), { intervals: [50] }).not.toContain(headline);
});
