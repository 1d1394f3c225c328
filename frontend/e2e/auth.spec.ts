import { expect, test, type Locator, type Page } from '@playwright/test';
import { atEachViewport, DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { resetLinkParams, submitSignup, uniqueEmail } from './members';

// Sign-in, sign-up, sign-out, the password reset by email and the chat assistant (spec 1 §1, §4,
// spec 3 §4, §5), against the running BFF and its Auth emulator. Anything that changes a password
// uses a freshly registered user; member@example.com keeps its password. Labels are matched from
// their start: a required field's label ends with a '*' that is hidden from assistive technology.

const MEMBER = { email: 'member@example.com', password: 'Password1' };


const statusMessages = (page: Page) => page.getByTestId('status-messages');
/** The header's account area that is on screen (the bar on desktop, the menu panel on phones). */
const header = (page: Page) => page.locator('header');

async function openModal(page: Page, param: string, title: string): Promise<Locator> {
  await page.goto(`/?modal=${param}`);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused(); // hydrated: the modal has taken focus
  return dialog;
}

async function register(page: Page, email: string, password: string) {
  const dialog = await openModal(page, 'signup', 'Create Your Account');
  await submitSignup(dialog, email, password);
  await expect(dialog).toBeHidden();
}

async function logIn(page: Page, email: string, password: string): Promise<Locator> {
  const dialog = await openModal(page, 'login', 'Log In');
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  return dialog;
}

async function logOut(page: Page) {
  await header(page).getByRole('button', { name: 'Log out' }).click();
  await expect(statusMessages(page)).toContainText('Logout successful!');
  await expect(header(page).getByRole('link', { name: 'Log in' })).toBeVisible();
}

test.describe('accounts', () => {
  test.use({ viewport: DESKTOP });

  test('a new member signs up, sees My Account and the chat assistant, and logs out', async ({ page }) => {
    await register(page, uniqueEmail(), 'Welcome1');
    await expect(statusMessages(page)).toContainText(
      'You have successfully registered and logged in. Please check your email for further instructions.',
    );
    await expect(header(page).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', /^\/account\/[^/]+$/);
    await expect(page.locator('#chatbot-script')).toHaveCount(1);
    await expect(page.locator('#chatbot-launcher')).toBeVisible();

    await logOut(page);
    await expect(page.locator('#chatbot-script')).toHaveCount(0);
    await expect(page.locator('#chatbot-launcher')).toHaveCount(0);
  });

  test("signup shows the spec's checks at their fields, all at once", async ({ page }) => {
    const dialog = await openModal(page, 'signup', 'Create Your Account');
    const submit = dialog.getByRole('button', { name: 'Create Account' });
    await submit.click();
    await expect(dialog.getByLabel(/^Union/)).toHaveAccessibleDescription('Please select your union.');
    await expect(dialog.getByLabel(/^Email/)).toHaveAccessibleDescription('Please enter a valid email address.');
    await expect(dialog.getByRole('alert')).toBeHidden(); // no banner: the fields say it all
    await dialog.getByLabel(/^Union/).selectOption({ index: 1 });
    await expect(dialog.getByLabel(/^Union/)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  test('member@example.com logs in, and a wrong password is refused inside the modal', async ({ page }) => {
    const refused = await logIn(page, MEMBER.email, 'not-the-password');
    await expect(refused.getByRole('alert')).not.toBeEmpty();
    await expect(refused).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Log in' })).toBeVisible();

    const dialog = await logIn(page, MEMBER.email, MEMBER.password);
    await expect(dialog).toBeHidden();
    await expect(statusMessages(page)).toContainText('Login successful!');
    await expect(header(page).getByRole('link', { name: 'My Account' })).toBeVisible();
    await expect(page.locator('#chatbot-script')).toHaveCount(1);
    await logOut(page);
  });

  test('a forgotten password is reset from the emailed link, which signs the member in', async ({ page }) => {
    const email = uniqueEmail();
    const oldPassword = 'Original1';
    const newPassword = 'Replaced2';
    await register(page, email, oldPassword);
    await logOut(page);

    const forgot = await openModal(page, 'forgot', 'Forgot Password');
    await forgot.getByLabel(/^Email/).fill(email);
    await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(forgot.getByRole('status')).toContainText('Check your email to reset your password');
    await expect(forgot.getByRole('status')).toContainText("Don't forget to check your spam folder.");
    await expect(statusMessages(page)).toContainText('Password reset successfully sent!');
    await expect(statusMessages(page).getByText('Password reset successfully sent!')).toBeInViewport();

    const link = await resetLinkParams(page.request, email);
    await page.goto(`/reset?${link.toString()}`);
    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByLabel(/^Confirm New Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(statusMessages(page)).toContainText(/updated your password|password was updated/);
    await expect(page).toHaveURL(/\/account\/[^/]+\/profile$/, { timeout: 15_000 });
    await expect(header(page).getByRole('link', { name: 'My Account' })).toBeVisible();

    await logOut(page);
    const refused = await logIn(page, email, oldPassword);
    await expect(refused.getByRole('alert')).not.toBeEmpty();
    await expect(refused).toBeVisible();
    const accepted = await logIn(page, email, newPassword);
    await expect(accepted).toBeHidden();
    await expect(statusMessages(page)).toContainText('Login successful!');
    await logOut(page);
  });

  test('/reset without its four parameters goes home', async ({ page }) => {
    await page.goto('/reset?apiKey=a&lang=en&mode=resetPassword');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('the account links in the mobile menu', () => {
  test.use({ viewport: PHONE });

  test('Log in in the menu panel opens the login modal and folds the panel', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.click();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

atEachViewport('accessibility of the account forms', () => {
  for (const { param, title } of [
    { param: 'login', title: 'Log In' },
    { param: 'signup', title: 'Create Your Account' },
    { param: 'forgot', title: 'Forgot Password' },
  ]) {
    test(`the ${param} modal's form has no serious axe violations`, async ({ page }) => {
      const dialog = await openModal(page, param, title);
      await expect(dialog.locator('form')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  test('the /reset form has no serious axe violations', async ({ page }) => {
    await page.goto('/reset?apiKey=a&lang=en&mode=resetPassword&oobCode=x');
    await expect(page.getByRole('button', { name: 'Set New Password' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
