import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// The global login switch (spec 1 §1): an operator turns login off with `.bin/settings login off`
// (Firestore's settings/site, which the stack's BFF re-reads every second). A signed-in member's
// session then ends on app start, and login, signup and reset show the offline message.

const OFFLINE = 'Union Benefits log in is temporarily offline for maintenance. Please check back soon.';
const settings = (state: 'on' | 'off') =>
  execFileSync(path.resolve(__dirname, '../../.bin/settings'), ['login', state], { env: process.env });

/**
 * Waits until every BFF replica answers with the switch in `enabled`: each re-reads it on its own
 * clock, and the stack's balancer takes turns between them, so four answers in a row agree only
 * once both have it. One answer was not enough: the page's own request could reach the other.
 */
async function switchSettled(page: Page, enabled: boolean) {
  let agreeing = 0;
  await expect
    .poll(
      async () => {
        const answer = (await (await page.request.get('/api/v1/session')).json()).loginEnabled;
        agreeing = answer === enabled ? agreeing + 1 : 0;
        return agreeing;
      },
      { timeout: 5000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(4);
}

test.describe('login switched off', () => {
  test.afterEach(() => {
    settings('on');
  });

  test('ends the session and shows the offline message instead of every form', async ({ page }) => {
    const signIn = await page.request.post('/api/v1/session', { data: { email: 'member@example.com', password: 'Password1' } });
    expect(signIn.ok()).toBe(true);
    await page.goto('/');
    await expect(page.locator('header').getByRole('link', { name: 'My Account' }).first()).toBeAttached();

    settings('off');
    await switchSettled(page, false);

    await page.goto('/?modal=login');
    const login = page.getByRole('dialog', { name: 'Log In' });
    await expect(login).toContainText(OFFLINE);
    await expect(login.getByRole('button', { name: 'Log In' })).toHaveCount(0);
    await expect(page.locator('header').getByRole('link', { name: 'My Account' })).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'session')).toBeUndefined();

    for (const [param, title] of [
      ['signup', 'Create Your Account'],
      ['forgot', 'Forgot Password'],
    ]) {
      await page.goto(`/?modal=${param}`);
      await expect(page.getByRole('dialog', { name: title })).toContainText(OFFLINE);
    }

    settings('on');
    await switchSettled(page, true);
    await page.goto('/?modal=login');
    await expect(page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: 'Log In' })).toBeVisible();
  });
});
