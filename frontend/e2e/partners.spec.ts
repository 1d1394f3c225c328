import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { confirmEmail, open, PASSWORD, registerMember, verificationLinks } from './members';

// Partner sign-in across two origins (spec 1 §2 'Partner login', §4, §8): the demo partner site
// (bff/cmd/partnerdemo, its own origin) opens the portal's popup; the popup posts the token to the
// partner's allowed origins only, and the demo exchanges it with the Auth emulator, showing whom
// Firebase signed in. test-partner allows the demo's origin; travel-deals does not.

const PARTNER_SITE = process.env.PARTNER_DEMO_URL ?? 'http://127.0.0.1:3100';
const POPUP_PATH = '/login/partner/test-partner';

/** Opens the demo partner site and its sign-in popup. */
async function openPopup(page: Page, partner = 'test-partner'): Promise<Page> {
  await page.goto(`${PARTNER_SITE}/?partner=${partner}`);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with your union account' }).click();
  const p = await popup;
  await p.waitForLoadState('networkidle');
  return p;
}

/** A fresh member whose email is verified, signed in on the portal's origin in this context. */
async function verifiedMember(page: Page) {
  const member = await registerMember(page.request);
  await confirmEmail(page.request, member.email);
  return member;
}

const messages = (page: Page) => page.getByTestId('messages').locator('li');

test('a signed-in member allows the partner once; the partner learns who they are, checked on its server', async ({ page }) => {
  const { uid, email } = await verifiedMember(page);
  const popup = await openPopup(page);
  // The popup: partner logo and name, no main menu, the short footer.
  await expect(popup.getByText('Test Partner', { exact: true })).toBeVisible();
  await expect(popup.locator('header nav')).toHaveCount(0);
  // The short footer: the copyright and the legal links, none of the site's navigation.
  await expect(popup.locator('footer')).toBeVisible();
  await expect(popup.locator('footer nav')).toHaveCount(0);
  await expect(popup.locator('footer').getByRole('list', { name: 'Follow us' })).toHaveCount(0);

  await expect(popup.getByRole('heading', { name: 'Allow Test Partner to sign you in?' })).toBeVisible();
  await expect(popup.getByText('This partner exists for testing the partner login popup.')).toBeVisible();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByRole('heading', { name: 'Login verified' })).toBeVisible();
  await expect(popup.getByText('You can close this page.')).toBeVisible();

  // The partner received exactly one message, the token; its server checked it against the
  // portal's published keys and learned the member's email and their id at this partner, which
  // is not the portal's uid.
  await expect(page.locator('#status')).toContainText(`Signed in as ${email} (verified)`);
  await expect(page.locator('#status')).toContainText('partner test-partner');
  const subject = await page.locator('#status').getAttribute('data-subject');
  expect(subject).toBeTruthy();
  expect(subject).not.toBe(uid);
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toHaveAttribute('data-type', 'upCustomToken');

  // Next time (the partner's page loaded afresh) the consent is remembered: the popup signs the
  // partner in without asking.
  await popup.close();
  const again = await openPopup(page);
  await expect(again.getByRole('heading', { name: 'Login verified' })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expect(page.locator('#status')).toHaveAttribute('data-subject', subject!);
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toHaveAttribute('data-type', 'upCustomToken');
});

test('a visitor signs in within the popup with the form', async ({ page, browser }) => {
  // Registered and verified elsewhere; this browser has no session.
  const setup = await browser.newContext({ baseURL: process.env.FRONTEND_URL ?? 'http://127.0.0.1:3000' });
  const { email } = await verifiedMember(await setup.newPage());
  await setup.close();

  const popup = await openPopup(page);
  await expect(popup.getByRole('link', { name: 'Forgot password' })).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Password').fill(PASSWORD);
  await popup.getByRole('button', { name: 'Log In' }).click();
  await expect(popup.getByRole('heading', { name: 'Allow Test Partner to sign you in?' })).toBeVisible();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByRole('heading', { name: 'Login verified' })).toBeVisible();
  await expect(page.locator('#status')).toContainText(`Signed in as ${email}`);
});

test('an unverified member verifies first; one verification email is sent by itself', async ({ page }) => {
  const { email } = await registerMember(page.request);
  const before = (await verificationLinks(page.request, email)).length;
  const popup = await openPopup(page);
  await expect(popup.getByRole('heading', { name: 'Please verify your email address' })).toBeVisible();
  await expect(popup.getByText("Didn't receive an email?")).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
  await expect.poll(async () => (await verificationLinks(page.request, email)).length).toBe(before + 1);

  await popup.getByRole('button', { name: 'I have verified my email address' }).click();
  await expect(popup.getByRole('alert').filter({ hasText: 'Your email address is still unverified.' })).toBeVisible();
  expect(await messages(page).count()).toBe(0);

  await confirmEmail(page.request, email);
  await popup.getByRole('button', { name: 'I have verified my email address' }).click();
  await expect(popup.getByRole('heading', { name: 'Allow Test Partner to sign you in?' })).toBeVisible();
  // A reload does not mail another link (the one followed has left the emulator's list).
  const mailed = (await verificationLinks(page.request, email)).length;
  await popup.reload();
  await popup.waitForLoadState('networkidle');
  await expect(popup.getByRole('heading', { name: 'Allow Test Partner to sign you in?' })).toBeVisible();
  expect((await verificationLinks(page.request, email)).length).toBe(mailed);
});

test('a partner that does not allow the opener origin never receives a message', async ({ page }) => {
  await verifiedMember(page);
  const popup = await openPopup(page, 'travel-deals');
  await expect(popup.getByRole('heading', { name: 'Connect your union membership to Member Travel Deals' })).toBeVisible();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByRole('heading', { name: 'Login verified' })).toBeVisible();
  // The token went to https://travel.example.com only; the page at the demo's origin got nothing,
  // even after the popup closed (no upUnload either: the token was posted).
  // The page says so POST_DELAY_MS after posting, by when any message would have arrived.
  await popup.close();
  expect(await messages(page).count()).toBe(0);
  await expect(page.locator('#status')).toHaveText('Not signed in.');
});

test('closing the popup before the token sends upUnload to the partner', async ({ page }) => {
  const popup = await openPopup(page);
  await expect(popup.getByRole('button', { name: 'Log In' })).toBeVisible();
  await popup.close({ runBeforeUnload: true });
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toHaveAttribute('data-type', 'upUnload');
});

test('an unknown partner and a page with no opener say so', async ({ page }) => {
  await open(page, '/login/partner/no-such-partner');
  await expect(page.getByRole('heading', { name: 'Error: Partner not found.' })).toBeVisible();
  await expect(page.getByText('Partner no-such-partner not found.')).toBeVisible();

  await open(page, POPUP_PATH);
  await expect(page.getByRole('heading', { name: 'Error: No connection to partner window. Please close this page and try again.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
});

test.describe('login switched off', () => {
  const settings = (state: 'on' | 'off') =>
    execFileSync(path.resolve(__dirname, '../../.bin/settings'), ['login', state], { env: process.env });
  test.afterEach(() => {
    settings('on');
  });

  test('the popup shows the configured message instead of the form', async ({ page }) => {
    settings('off');
    await expect
      .poll(async () => (await (await page.request.get('/api/v1/session')).json()).loginEnabled, { timeout: 5000 })
      .toBe(false);
    const popup = await openPopup(page);
    await expect(popup.getByTestId('login-offline')).toContainText('temporarily offline for maintenance');
    await expect(popup.getByRole('button', { name: 'Log In' })).toHaveCount(0);
  });
});

test('disconnecting in the account ends further tokens until the member allows the partner again', async ({ page }) => {
  const { uid } = await verifiedMember(page);
  let popup = await openPopup(page);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByRole('heading', { name: 'Login verified' })).toBeVisible();
  await popup.close();

  const site = await page.context().newPage();
  await open(site, `/account/${uid}/connected`);
  const row = site.getByTestId('connected-site').filter({ hasText: 'Test Partner' });
  await expect(row).toContainText('Last signed in');
  await row.getByRole('button', { name: 'Disconnect Test Partner' }).click();
  await expect(site.getByText('You have not connected any partner sites.')).toBeVisible();
  // Still signed in here: the revocation reopened this browser's session.
  await site.reload();
  await expect(site.getByRole('heading', { level: 2, name: 'Connected sites' })).toBeVisible();

  popup = await openPopup(page);
  await expect(popup.getByRole('heading', { name: 'Allow Test Partner to sign you in?' })).toBeVisible();
  expect(await messages(page).count()).toBe(0);
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`the popup's steps and Connected sites at ${viewport.width} px have no serious axe violations`, async ({ page }) => {
    const { uid, email } = await registerMember(page.request);
    await page.setViewportSize(viewport);
    const popup = await openPopup(page);
    await popup.setViewportSize(viewport);
    await expect(popup.getByRole('heading', { name: 'Please verify your email address' })).toBeVisible();
    expect(await seriousAxeViolations(popup), 'verify').toEqual([]);
    await confirmEmail(page.request, email);
    await popup.getByRole('button', { name: 'I have verified my email address' }).click();
    await expect(popup.getByRole('button', { name: 'Continue' })).toBeVisible();
    expect(await seriousAxeViolations(popup), 'confirm').toEqual([]);
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expect(popup.getByRole('heading', { name: 'Login verified' })).toBeVisible();
    expect(await seriousAxeViolations(popup), 'done').toEqual([]);
    expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await popup.close();

    const other = await page.context().browser()!.newContext();
    const visitor = await openPopup(await other.newPage());
    await visitor.setViewportSize(viewport);
    await expect(visitor.getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(await seriousAxeViolations(visitor), 'login form').toEqual([]);
    await other.close();

    await open(page, `/account/${uid}/connected`);
    await expect(page.getByTestId('connected-site')).toHaveCount(1);
    expect(await seriousAxeViolations(page), 'connected sites').toEqual([]);
  });
}
