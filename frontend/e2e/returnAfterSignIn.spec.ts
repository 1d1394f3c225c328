import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { MEMBER, PASSWORD, registerMember, submitSignup, uniqueEmail } from './members';

// Return after sign-in (spec 1 §4, issue 17): a visitor sent to sign in from a gated route comes
// back to it once signed in; only a path of this site is ever a return target. (Forms and
// checkout: grants.spec.ts and checkout.spec.ts; the rule's hostile inputs: test/returnTo.test.ts.)

const statusMessages = (page: Page) => page.getByTestId('status-messages');

async function signInInModal(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await expect(dialog).toBeFocused(); // hydrated: the modal has taken focus
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await expect(dialog).toBeHidden();
}

test('a visitor opening an account tab signs in and lands on that tab of their own account', async ({ page, playwright }) => {
  // A member of its own, registered from outside the page (the page stays a visitor).
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { uid, email } = await registerMember(api);
  await api.dispose();
  await page.goto('/account/profile');
  await expect(page).toHaveURL('/?modal=login&destination=%2Faccount%2Fprofile');
  await signInInModal(page, email, PASSWORD);

  await expect(page).toHaveURL(`/account/${uid}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'My Profile' }).first()).toBeVisible();
  await expect(statusMessages(page)).toContainText('Login successful!');
});

test('a visitor on a members-only page signs in through its gate and stays on it', async ({ page }) => {
  await page.goto('/member-toolkit');
  const gate = page.getByRole('dialog');
  await page.waitForLoadState('load');
  await gate.getByRole('link', { name: 'Log in' }).click();
  await signInInModal(page, MEMBER.email, MEMBER.password);
  await expect(page).toHaveURL('/member-toolkit');
  await expect(page.getByText(/MEMBERS-ONLY/).first()).toBeVisible();
  await expect(statusMessages(page)).toContainText('Login successful!');
});

test('signing up from a gated route also comes back to it', async ({ page }) => {
  await page.goto('/store/checkout');
  await expect(page).toHaveURL('/?modal=login&destination=%2Fstore%2Fcheckout');
  const login = page.getByRole('dialog', { name: 'Log In' });
  await expect(login).toBeFocused();
  await login.getByRole('link', { name: 'Create your account' }).click();
  const signup = page.getByRole('dialog', { name: 'Create Your Account' });
  await expect(page).toHaveURL(/[?&]destination=%2Fstore%2Fcheckout(&|$)/);
  await submitSignup(signup, uniqueEmail());
  await expect(page).toHaveURL('/store/checkout');
  await expect(statusMessages(page)).toContainText('You have successfully registered and logged in.');
});

test('closing the login modal forgets the target: the visitor stays home', async ({ page }) => {
  await page.goto('/form/hospital-grant');
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await expect(dialog).toBeFocused();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL('/');
});

for (const target of ['//evil.example/account', '/\\evil.example', 'https://evil.example/']) {
  test(`a hostile target ${JSON.stringify(target)} lands on home, never elsewhere`, async ({ page }) => {
    await page.goto(`/?modal=login&destination=${encodeURIComponent(target)}`);
    await signInInModal(page, MEMBER.email, MEMBER.password);
    await expect(statusMessages(page)).toContainText('Login successful!');
    await expect(page).toHaveURL('/');
  });
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`the login modal sent from a gated route has no serious axe violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/account/profile');
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeFocused();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

// Spec 1 §2 lists /login; without a partner it is the site's login modal, and a destination
// given to it is kept (before, a 404).
test('/login opens the login modal over home and comes back to its destination', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL('/?modal=login');
  await expect(page.getByRole('dialog', { name: 'Log In' })).toBeFocused();

  await page.goto('/login?destination=%2Fmember-toolkit');
  await expect(page).toHaveURL('/?modal=login&destination=%2Fmember-toolkit');
  await signInInModal(page, MEMBER.email, MEMBER.password);
  await expect(page).toHaveURL('/member-toolkit');
});
