import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { open } from './members';

// The editors' custom login and signup modals (spec 3 §3, union_structure_global's
// custom_login_modal and custom_signup_modal), on a wide screen and on a phone.

for (const viewport of [DESKTOP, PHONE]) {
  const wide = viewport === DESKTOP;

  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the login modal shows the editors’ picture and words beside its form', async ({ page }) => {
      await open(page, '/?modal=login');
      const dialog = page.getByRole('dialog', { name: 'Log In' });
      await expect(dialog.getByText('Welcome back')).toBeVisible();
      await expect(dialog.getByText('Log in to see the benefits available through your union.')).toBeVisible();
      const picture = dialog.locator('img[src$="/global/login-modal.svg"]');
      await expect(picture).toBeVisible();
      await expect(picture).toHaveJSProperty('complete', true);
      expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      const pictureBox = (await picture.boundingBox())!;
      const emailBox = (await dialog.getByLabel('Email').boundingBox())!;
      if (wide) {
        // Beside the form, as tall as the dialog, and a portrait like the picture (515x595).
        const dialogBox = (await dialog.boundingBox())!;
        expect(pictureBox.x + pictureBox.width).toBeLessThanOrEqual(emailBox.x);
        expect(pictureBox.height).toBeCloseTo(dialogBox.height, 0);
        expect(pictureBox.height).toBeGreaterThan(pictureBox.width);
      } else {
        // A band above the form, the form still on the first screen.
        expect(pictureBox.y + pictureBox.height).toBeLessThanOrEqual(emailBox.y);
        expect(emailBox.y + emailBox.height).toBeLessThan(viewport.height);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Still the login modal: its links lead to the others, Escape closes it.
      await dialog.getByRole('link', { name: 'Create your account' }).click();
      await expect(page.getByRole('dialog', { name: 'Create Your Account' })).toBeVisible();
    });

    test('the signup modal shows the editors’ icon and headline, their picture behind it, on the left', async ({ page }) => {
      await open(page, '/?modal=signup');
      const dialog = page.getByRole('dialog', { name: 'Create Your Account' });
      await expect(dialog.getByText('Unlock your union benefits')).toBeVisible();
      const icon = dialog.locator('img[src$="/global/signup-icon.svg"]');
      await expect(icon).toBeVisible();
      const iconBox = (await icon.boundingBox())!;
      expect([Math.round(iconBox.width), Math.round(iconBox.height)]).toEqual([70, 70]);
      // The icon and headline come before the title.
      const titleBox = (await dialog.getByRole('heading', { name: 'Create Your Account' }).boundingBox())!;
      expect(iconBox.y + iconBox.height).toBeLessThanOrEqual(titleBox.y);

      const dialogBox = (await dialog.boundingBox())!;
      const background = page.locator('img[src$="/global/signup-background.svg"]');
      if (wide) {
        await expect(background).toBeVisible();
        const backgroundBox = (await background.boundingBox())!;
        expect([backgroundBox.width, backgroundBox.height]).toEqual([viewport.width, viewport.height]);
        // modal_position 'left': the dialog sits in the left part of the screen, not centred.
        expect(dialogBox.x + dialogBox.width / 2).toBeLessThan(viewport.width / 2 - 100);
      } else {
        // A phone gives the whole screen to the form.
        expect(Math.round(dialogBox.width)).toBe(viewport.width);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A click on the picture behind the dialog closes it, as a click on any backdrop does.
      if (wide) {
        await page.mouse.click(viewport.width - 40, viewport.height / 2);
        await expect(dialog).toHaveCount(0);
        await expect(page).not.toHaveURL(/modal=/);
      }
    });
  });
}

test('a benefit that dresses its own modals shows them on its page, and the site’s come back on the next', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // A members-only benefit: its gate asks the visitor to log in with the benefit's own words.
  await open(page, '/benefits/smartphone-rebate');
  const gate = page.getByRole('dialog', { name: 'Members only' });
  await gate.getByRole('link', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log In' });
  await expect(login.getByText('Your rebate is waiting')).toBeVisible();
  await expect(login.locator('img[src$="/benefits/smartphone-rebate-login.svg"]')).toBeVisible();
  await expect(login.getByText('Welcome back')).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Its signup modal: its icon and headline, centred, with no picture behind it (the benefit set
  // none, and the site's is not mixed in).
  await login.getByRole('link', { name: 'Create your account' }).click();
  const signup = page.getByRole('dialog', { name: 'Create Your Account' });
  await expect(signup.getByText('Join free, then claim your rebate')).toBeVisible();
  await expect(signup.locator('img[src$="/benefits/smartphone-rebate-icon.svg"]')).toBeVisible();
  await expect(page.locator('img[src$="/global/signup-background.svg"]')).toHaveCount(0);
  const box = (await signup.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - DESKTOP.width / 2)).toBeLessThan(2);

  // Closing the signup brings the gate back; closing the gate goes home, where the site's own
  // login modal is the one the header opens.
  await page.keyboard.press('Escape');
  await expect(gate).toBeVisible();
  await gate.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
  const home = page.getByRole('dialog', { name: 'Log In' });
  await expect(home.getByText('Welcome back')).toBeVisible();
  await expect(home.getByText('Your rebate is waiting')).toHaveCount(0);
});
