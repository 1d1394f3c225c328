import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';

// The livestream page (spec 3 §2, §4, §5) on the whole stack: the fixture CMS's member town hall
// (nid 1501), the BFF writing comment-access records to the Firestore emulator, and the chat
// provider's stand-in (bff/cmd/chatstub) on an origin of its own.
const PATH = '/livestream/member-town-hall';
const COOKIE = 'livestream_1501';

async function chatCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === COOKIE);
}

function comments(page: Page) {
  return page.getByRole('complementary', { name: 'Comments' });
}

/** The provider's room frame. */
function room(page: Page) {
  return page.frameLocator('iframe[data-chat-room]');
}

async function enter(page: Page, name: string, email: string) {
  const panel = comments(page);
  await panel.getByRole('textbox', { name: /Display name/ }).fill(name);
  await panel.getByRole('textbox', { name: /Email address/ }).fill(email);
  await panel.getByRole('button', { name: 'Enter chat' }).click();
}

test.describe('livestream', () => {
  test.use({ viewport: DESKTOP });

  test('shows the player and the gated chat; entering opens it and sets the cookie', async ({ page }) => {
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member Town Hall');
    await expect(page.frameLocator('iframe[title="Livestream player"]').getByRole('heading', { name: 'Member Town Hall' })).toBeVisible();
    const panel = comments(page);
    await expect(panel.getByRole('heading', { name: 'Join the conversation' })).toBeVisible();
    await expect(panel.getByRole('checkbox', { name: /Sign up for emails/ })).toBeChecked();

    const entered = page.waitForResponse((r) => r.url().endsWith('/api/v1/livestreams/member-town-hall/access'));
    await enter(page, 'Pat <Tester>', `pat-${Date.now()}@example.org`);
    const access = await (await entered).json();
    expect(access.stream).toBe('1501');
    expect(access.username).toMatch(/^Pat &lt;Tester&gt;-\d{4}$/);

    await expect(panel.getByRole('heading', { name: 'Join the conversation' })).toBeHidden();
    await expect(room(page).getByText(`Chatting as ${access.username}`)).toBeVisible();
    const cookie = await chatCookie(page);
    expect(cookie?.value).toBe('1');
    expect(cookie?.path).toBe('/');
    // 7 days, give or take the test's own seconds.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(604800 - 120);
    expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(604800);

    // The cookie keeps the chat open on the next visit.
    await page.reload();
    await expect(room(page).getByRole('button', { name: 'Say something' }).or(room(page).getByPlaceholder('Say something'))).toBeVisible();
    await expect(comments(page).getByRole('heading', { name: 'Join the conversation' })).toBeHidden();
  });

  test('the same person entering again keeps one chat name', async ({ page }) => {
    const email = `again-${Date.now()}@example.org`;
    // The chat name the BFF gives, read from its answer before the page moves on (a body read
    // after the next navigation is gone).
    const enterAs = async (name: string, address: string) => {
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/access') && r.ok()),
        enter(page, name, address),
      ]);
      return ((await answer.json()) as { username: string }).username;
    };
    await page.goto(PATH);
    const first = await enterAs('Sam', email);
    await expect.poll(() => chatCookie(page)).toBeTruthy();
    await page.context().clearCookies();
    await page.goto(PATH);
    expect(await enterAs('Sam', email.toUpperCase())).toBe(first);
    // The page keeps the chat open with a cookie it sets once the answer is in: cleared before
    // that, it would come back and open the chat for the next visitor.
    await expect.poll(() => chatCookie(page)).toBeTruthy();
    // Someone else typing that address under another name is not told the name Sam chose.
    await page.context().clearCookies();
    await page.goto(PATH);
    expect(await enterAs('Samuel', email)).toMatch(/^Samuel-\d{4}$/);
  });

  test('the access form asks for a display name and an email with the contract messages', async ({ page }) => {
    await page.goto(PATH);
    const panel = comments(page);
    await panel.getByRole('button', { name: 'Enter chat' }).click();
    await expect(panel.getByText('Please enter a display name.')).toBeVisible();
    await expect(panel.getByText('Please enter your email address.')).toBeVisible();
    await panel.getByRole('textbox', { name: /Display name/ }).fill('Pat');
    await panel.getByRole('textbox', { name: /Email address/ }).fill('pat@');
    await panel.getByRole('button', { name: 'Enter chat' }).click();
    await expect(panel.getByText('Please enter a valid email address.')).toBeVisible();
    expect(await chatCookie(page)).toBeUndefined();
  });

  test("the provider's logout (message 0 from its origin) clears the cookie and gates the chat again", async ({ page }) => {
    await page.goto(PATH);
    // A message 0 from any other origin is not the provider's: nothing changes.
    await enter(page, 'Lee', `lee-${Date.now()}@example.org`);
    await expect(room(page).getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.evaluate(() => window.postMessage(0, '*'));
    await expect(comments(page).getByRole('heading', { name: 'Join the conversation' })).toBeHidden();
    expect((await chatCookie(page))?.value).toBe('1');

    await room(page).getByRole('button', { name: 'Log out' }).click();
    await expect(comments(page).getByRole('heading', { name: 'Join the conversation' })).toBeVisible();
    await expect.poll(() => chatCookie(page)).toBeUndefined();
  });

  test('?cadmin=true is the moderator login with a password', async ({ page }) => {
    await page.goto(`${PATH}?cadmin=true`);
    const panel = comments(page);
    await expect(panel.getByRole('heading', { name: 'Moderator sign-in' })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: /Email/ })).toHaveCount(0);
    let recorded = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/livestreams/')) recorded = true;
    });
    await panel.getByRole('textbox', { name: /Display name/ }).fill('Moderator');
    await panel.getByRole('button', { name: 'Enter chat' }).click();
    await expect(panel.getByText('Please enter the admin password.')).toBeVisible();
    await panel.getByLabel(/Password/).fill('wrong');
    await panel.getByRole('button', { name: 'Enter chat' }).click();
    await expect(panel.getByText('The chat did not let you in. Please check your details and try again.')).toBeVisible();
    await panel.getByLabel(/Password/).fill('moderator');
    await panel.getByRole('button', { name: 'Enter chat' }).click();
    await expect(room(page).getByText(/Chatting as Moderator-\d{4}/)).toBeVisible();
    expect((await chatCookie(page))?.value).toBe('1');
    expect(recorded).toBe(false);
  });

  test('fullscreen with comments; the comments toggle only there', async ({ page }) => {
    await page.goto(PATH);
    await expect(page.getByRole('button', { name: 'Hide comments' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Fullscreen with comments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Livestream player' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(DESKTOP.width);
    await page.getByRole('button', { name: 'Hide comments' }).click();
    await expect(comments(page)).toBeHidden();
    await page.getByRole('button', { name: 'Show comments' }).click();
    await expect(comments(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show comments' })).toHaveCount(0);
  });
});

for (const [name, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
  test(`livestream page has no serious axe violations at ${name} px, gated and open`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(PATH);
    await comments(page).getByRole('button', { name: 'Enter chat' }).click();
    await expect(comments(page).getByText('Please enter a display name.')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`livestream-gated-${name}.png`), fullPage: true });
    await enter(page, 'Axe', `axe-${name}-${Date.now()}@example.org`);
    await expect(room(page).getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`livestream-open-${name}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Fullscreen with comments' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`livestream-fullscreen-${name}.png`) });
  });
}
