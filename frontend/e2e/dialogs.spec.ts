import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, seriousAxeViolations } from './axe';
import { open, registerMember, uniqueEmail } from './members';

// The modals as a keyboard and screen-reader user meets them (issue 36): native modal dialogs,
// the page behind inert while one is open, the focus back on the control that opened one when it
// closes; the sign-up form's errors at its fields; the Plus More hand-over to the sign-up modal.

test.use({ viewport: DESKTOP });

/** Whether the page behind the dialog is inert: a link of the header cannot take the focus. */
async function pageBehindIsInert(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const link = document.querySelector<HTMLElement>('header a[href]');
    if (!link) throw new Error('no header link');
    link.focus();
    return document.activeElement !== link;
  });
}

/** Tab goes round the dialog's controls, never into the page behind. */
async function tabStaysIn(page: Page, dialog: Locator) {
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
    expect(inside, `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
}

test('the header’s Log in and Sign up open modals that give the focus back to them when they close', async ({ page }) => {
  await open(page, '/');
  const banner = page.getByRole('banner');

  for (const [name, title] of [
    ['Log in', 'Log In'],
    ['Sign up', 'Create Your Account'],
  ] as const) {
    const opener = banner.getByRole('link', { name, exact: true });
    // Closed by Escape…
    await opener.click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeFocused();
    expect(await pageBehindIsInert(page)).toBe(true);
    await tabStaysIn(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
    await expect(opener).toBeFocused();

    // …by its close button, from the keyboard…
    await opener.press('Enter');
    await expect(dialog).toBeFocused();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // …and by a click on the backdrop.
    await opener.click();
    await expect(dialog).toBeFocused();
    await page.mouse.click(DESKTOP.width - 20, DESKTOP.height - 20);
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
});

test('a modal replaced by another from its own link gives the focus back to the first one’s opener', async ({ page }) => {
  await open(page, '/');
  const opener = page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true });
  await opener.click();
  await page.getByRole('dialog', { name: 'Log In' }).getByRole('link', { name: 'Create your account' }).click();
  const signup = page.getByRole('dialog', { name: 'Create Your Account' });
  await expect(signup).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(signup).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('Change Password opens with no error, and gives the focus back to its button', async ({ page }) => {
  const { uid } = await registerMember(page.request);
  await open(page, `/account/${uid}/profile`);
  const button = page.getByRole('button', { name: 'Change Password' });
  const dialog = page.getByRole('dialog', { name: 'Change Password' });

  await button.click();
  const current = dialog.getByLabel('Current Password');
  await expect(current).toBeFocused();
  await expect(dialog.getByText('Please enter your current password.')).toHaveCount(0);
  await expect(current).not.toHaveAttribute('aria-invalid', 'true');
  expect(await pageBehindIsInert(page)).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();

  await button.click();
  await expect(dialog.getByLabel('Current Password')).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();

  // Leaving the field empty is what shows its error.
  await button.click();
  await page.keyboard.press('Tab');
  await expect(dialog.getByText('Please enter your current password.')).toBeVisible();
});

test('sign-up: the button is on the first screen, and every error shows at its field', async ({ page }) => {
  await open(page, '/?modal=signup');
  const dialog = page.getByRole('dialog', { name: 'Create Your Account' });
  await expect(dialog).toBeFocused();
  const submit = dialog.getByRole('button', { name: 'Create Account' });
  // Whole, at 1280x800, without scrolling the page or the dialog.
  await expect(submit).toBeInViewport({ ratio: 1 });

  // An address with no dot after the @ is refused in the browser, as the BFF refuses it.
  await dialog.getByLabel(/^Email/).fill('new.person@example');
  await dialog.getByLabel(/^First Name/).fill('Avery');
  await submit.click();
  const expected: [RegExp, string][] = [
    [/^Email/, 'Please enter a valid email address.'],
    [/^Last Name/, 'This field is required.'],
    [/^Union/, 'Please select your union.'],
    [/^Zip Code/, 'Please enter a 5-10 digit zip.'],
    [/^Confirm Password/, 'Please confirm your password by entering it again exactly as you did in the Create Password field.'],
  ];
  for (const [label, words] of expected) {
    const control = dialog.getByLabel(label);
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  }
  await expect(dialog.getByLabel(/^Create Password/)).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel(/^First Name/)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel(/^Email/)).toBeFocused();
  await expect(dialog.getByRole('alert')).toBeHidden(); // no banner: the fields say it all
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('Plus More: Complete Your Account keeps the first name, and the address holds no email', async ({ page }) => {
  const email = uniqueEmail();
  await open(page, '/plusmore');
  const form = page.locator('[data-mailing-form]');
  await form.getByPlaceholder('Enter your first name *').fill('Robin');
  await form.getByPlaceholder('Enter your email address *').fill(email);
  await form.getByLabel('Union').selectOption({ label: 'Communications Workers of America (CWA)' });
  await form.getByRole('button', { name: 'Sign me up' }).click();

  const dialog = page.getByRole('dialog', { name: 'Complete Your Account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^First Name/)).toHaveValue('Robin');
  await expect(dialog.getByLabel(/^Email/)).toHaveValue(email);
  const address = page.url();
  expect(address).not.toContain(email);
  expect(address).not.toContain(encodeURIComponent(email));
  expect(address).not.toMatch(/[?&]email=/);

  // Closed, it gives the focus back to the form it came from.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(form.getByPlaceholder('Enter your first name *')).toBeFocused();
});
