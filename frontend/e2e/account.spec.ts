import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, seriousAxeViolations } from './axe';
import { confirmEmail, open, PASSWORD, registerMember } from './members';

// The account area (spec 1 §2, §4, §5; spec 3 §2): routing, the tabs, My Profile, My Interests,
// the Change Password dialog and favorites, against the running BFF and its emulators. Every test
// registers its own member; member@example.com is never changed.

const statusMessages = (page: Page) => page.getByTestId('status-messages');



/** The member's profile as the BFF stores it. */
async function storedProfile(page: Page) {
  const res = await page.request.get('/api/v1/profile');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { profile: Record<string, unknown> & { home: Record<string, string> } }).profile;
}

test.describe('routing', () => {
  test('account/benefits and account/profile go to the member’s own account', async ({ page }) => {
    const { uid } = await registerMember(page.request);
    await page.goto('/account/benefits');
    await expect(page).toHaveURL(new RegExp(`/account/${uid}$`));
    await page.goto('/account/profile');
    await expect(page).toHaveURL(new RegExp(`/account/${uid}/profile$`));
  });

  test('another member’s uid becomes one’s own, on the same tab, with a real redirect', async ({ page }) => {
    const { uid } = await registerMember(page.request);
    const answer = await page.request.get('/account/demo-retiree-0002/interests', { maxRedirects: 0 });
    expect(answer.status()).toBe(307);
    expect(answer.headers().location).toContain(`/account/${uid}/interests`);

    await page.goto('/account/demo-retiree-0002');
    await expect(page).toHaveURL(new RegExp(`/account/${uid}$`));
    expect(await page.content()).not.toContain('demo-retiree-0002');
  });

  test('a visitor goes home with the login modal open, the page asked for kept to come back to', async ({ page }) => {
    await page.goto('/account/x');
    await expect(page).toHaveURL(/\/\?modal=login&destination=%2Faccount%2Fx$/);
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
    await page.goto('/account/favorites');
    await expect(page).toHaveURL(/\/\?modal=login&destination=%2Faccount%2Ffavorites$/);
  });

  test('the account pages are not for search engines', async ({ page }) => {
    const { uid } = await registerMember(page.request);
    for (const path of [`/account/${uid}`, `/account/${uid}/profile`, '/account/favorites']) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    }
  });
});

const TABS = [
  { label: 'My Benefits', path: '', heading: 'My Benefits' },
  { label: 'My Profile', path: '/profile', heading: 'My Profile' },
  { label: 'My Interests', path: '/interests', heading: 'My Interests' },
  { label: 'My Forms', path: '/forms', heading: 'My Forms' },
  { label: 'My Orders', path: '/orders', heading: 'My Orders' },
  { label: 'Eligibility', path: '/eligibility', heading: 'Eligibility' },
  { label: 'Connected Sites', path: '/connected', heading: 'Connected sites' },
];

for (const viewport of [DESKTOP, PHONE]) {
  test(`every tab at ${viewport.width} px: marked current, no serious axe violations`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const { uid } = await registerMember(page.request);
    for (const tab of TABS) {
      await open(page, `/account/${uid}${tab.path}`);
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
      const tabs = page.getByRole('navigation', { name: 'My Account' });
      await expect(tabs.getByRole('link', { name: tab.label })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 2, name: tab.heading }).first()).toBeVisible();
      expect(await seriousAxeViolations(page), tab.label).toEqual([]);
    }
    await open(page, '/account/favorites');
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
    expect(await seriousAxeViolations(page), 'favorites').toEqual([]);
    // The page never scrolls sideways; the tab row alone does, on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test('the tabs are links that move between the tabs by keyboard', async ({ page }) => {
  const { uid } = await registerMember(page.request);
  await open(page, `/account/${uid}`);
  const tabs = page.getByRole('navigation', { name: 'My Account' });
  await tabs.getByRole('link', { name: 'My Interests' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/account/${uid}/interests$`));
  await expect(tabs.getByRole('link', { name: 'My Interests' })).toHaveAttribute('aria-current', 'page');
});

test('My Forms and My Orders say there is nothing yet', async ({ page }) => {
  const { uid } = await registerMember(page.request);
  await open(page, `/account/${uid}/forms`);
  await expect(page.getByText('You have not submitted any application forms yet.')).toBeVisible();
  await open(page, `/account/${uid}/orders`);
  await expect(page.getByRole('link', { name: 'Return to Store' })).toHaveAttribute('href', '/store');
});

test.describe('My Profile', () => {
  test('bad input shows each field’s error; a good save lands on My Interests with the message', async ({ page }) => {
    const { uid, email } = await registerMember(page.request);
    await open(page, `/account/${uid}/profile`);
    const form = page.getByRole('form', { name: 'My Profile' });
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(form.getByLabel('Email', { exact: true })).not.toBeEditable();

    // An error shows once its field is left…
    await form.getByLabel('First Name').fill('');
    await expect(form.getByText('This field is required.')).toHaveCount(0);
    await form.getByLabel('Last Name').focus();
    await expect(form.getByText('This field is required.')).toBeVisible();

    // …and every error on submit, with nothing sent.
    await form.getByLabel('Mobile Phone').fill('555');
    await form.getByLabel('Year Joined').fill('19');
    await form.getByRole('combobox', { name: 'Month', exact: true }).selectOption({ label: 'March' });
    await form.getByLabel('Zip / Postal Code').fill('12');
    await form.getByRole('button', { name: 'Save and Continue' }).click();
    for (const error of [
      'This field is required.',
      'Please enter a valid mobile phone number.',
      'Please choose a valid birthday.',
      'Please enter the year you joined as 4 digits.',
      'Please enter a 5-10 digit zip.',
    ]) {
      await expect(form.getByText(error)).toBeVisible();
    }
    await expect(form.getByLabel('First Name')).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/account/${uid}/profile$`));

    await form.getByLabel('First Name').fill('Robin');
    await form.getByLabel('Mobile Phone').fill('(202) 555-0143');
    await form.getByRole('checkbox', { name: /Text me/ }).check();
    await form.getByLabel('Year Joined').fill('2012');
    await form.getByRole('combobox', { name: 'Day', exact: true }).selectOption('14');
    await form.getByRole('combobox', { name: 'Year', exact: true }).selectOption('1980');
    await form.getByLabel('Role').selectOption({ label: 'Union member' });
    await form.getByLabel('Country').selectOption('canada');
    await form.getByLabel('State / Province').selectOption({ label: 'Ontario' });
    await form.getByLabel('Zip / Postal Code').fill('K1A 0B1');
    await form.getByRole('button', { name: 'Save and Continue' }).click();

    await expect(page).toHaveURL(new RegExp(`/account/${uid}/interests$`));
    await expect(statusMessages(page)).toContainText('Your profile has been updated.');
    const profile = await storedProfile(page);
    expect(profile).toMatchObject({ firstName: 'Robin', mobilePhone: '2025550143', mobileOpt: true, unionJoined: '2012' });
    expect(profile).toMatchObject({ birthMonth: '3', birthDay: '14', birthYear: '1980', unionRole: 'union_role_1' });
    expect(profile.home).toMatchObject({ country: 'canada', state: 'home_ON', zip: 'K1A 0B1' });
  });

  test('Verify Email mails a link and then offers to resend it', async ({ page }) => {
    const { uid } = await registerMember(page.request);
    await open(page, `/account/${uid}/profile`);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expect(statusMessages(page)).toContainText('Verification email sent.');
    await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'I have verified my email address' })).toBeVisible();
  });

  test('following the emailed link verifies the email, and checking again says so', async ({ page }) => {
    const { uid, email } = await registerMember(page.request);
    await open(page, `/account/${uid}/profile`);
    await page.getByRole('button', { name: 'I have verified my email address' }).click();
    await expect(statusMessages(page)).toContainText('Your email address is still unverified.');

    // Registration mailed a verification link; the Auth emulator keeps it as an out-of-band code.
    await confirmEmail(page.request, email);

    await page.getByRole('button', { name: 'I have verified my email address' }).click();
    await expect(page.getByRole('button', { name: 'Verify Email' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'I have verified my email address' })).toHaveCount(0);
  });

  test('Change Password: a wrong current password is refused; afterwards only the new one signs in', async ({
    page,
    request,
  }) => {
    const { uid, email } = await registerMember(page.request);
    await open(page, `/account/${uid}/profile`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Current Password')).toBeFocused();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByLabel('Current Password').fill('Wrong-password1');
    await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill('Password2');
    await dialog.getByLabel('Confirm New Password').fill('Password2');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText('Invalid current password.')).toBeVisible();

    await dialog.getByLabel('Current Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();
    await expect(statusMessages(page)).toContainText('Password update successful!');

    // The page stays signed in with its renewed session…
    await open(page, `/account/${uid}/profile`);
    await expect(page).toHaveURL(new RegExp(`/account/${uid}/profile$`));
    // …and another client (its own cookies) signs in with the new password only.
    expect((await request.post('/api/v1/session', { data: { email, password: PASSWORD } })).status()).toBe(401);
    expect((await request.post('/api/v1/session', { data: { email, password: 'Password2' } })).ok()).toBe(true);
  });
});

test.describe('My Interests', () => {
  test('the rules, make and model for car owners only, and the save', async ({ page }) => {
    const { uid } = await registerMember(page.request);
    await open(page, `/account/${uid}/interests`);
    const form = page.getByRole('form', { name: 'My Interests' });
    const save = form.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    await form.getByRole('checkbox', { name: 'Travel and hotels' }).check();
    await expect(save).toBeEnabled();
    await form.getByRole('checkbox', { name: 'Travel and hotels' }).uncheck();
    await expect(form.getByText('Minimum of one "What are you interested in?" is required.')).toBeVisible();
    await form.getByRole('checkbox', { name: 'Travel and hotels' }).check();
    await form.getByRole('checkbox', { name: 'Insurance' }).check();

    await form.getByLabel('Who is your wireless carrier?').selectOption({ label: 'Other' });
    await save.click();
    await expect(form.getByText('Please tell us your wireless carrier.')).toBeVisible();
    await expect(form.getByLabel('Other carrier')).toBeFocused();
    await form.getByLabel('Other carrier').fill('Mint Mobile');

    const car = form.getByRole('group', { name: 'Do you own a car?' });
    await expect(form.getByLabel('Make')).toHaveCount(0);
    await car.getByRole('radio', { name: 'Yes' }).check();
    await form.getByLabel('Make').selectOption('Ford');
    await form.getByLabel('Model').selectOption('Maverick');
    await form.getByRole('group', { name: 'Do you rent or own your home?' }).getByRole('radio', { name: 'Rent' }).check();
    await save.click();
    await expect(statusMessages(page)).toContainText('Your interests have been updated.');
    await expect(save).toBeDisabled();
    expect(await storedProfile(page)).toMatchObject({
      interests: ['insurance', 'travel'],
      wirelessCarrier: 'wireless_carrier_11',
      wirelessCarrierOther: 'Mint Mobile',
      vehicleOwner: 'vehicle_owner_1',
      vehicleMake: 'Ford',
      vehicleModel: 'Maverick',
      homeowner: 'homeowner_1',
    });

    // Another owner answer hides and clears make and model.
    await car.getByRole('radio', { name: 'No', exact: true }).check();
    await expect(form.getByLabel('Make')).toHaveCount(0);
    await car.getByRole('radio', { name: 'Yes' }).check();
    await expect(form.getByLabel('Make')).toHaveValue('');
    await car.getByRole('radio', { name: 'No', exact: true }).check();
    await save.click();
    await expect(save).toBeDisabled();
    expect(await storedProfile(page)).toMatchObject({ vehicleOwner: 'vehicle_owner_2', vehicleMake: '', vehicleModel: '' });
  });
});

test('My Interests links to the terms and privacy pages the CMS holds', async ({ page }) => {
  const { uid } = await registerMember(page.request);
  await open(page, `/account/${uid}/interests`);
  const form = page.getByRole('form', { name: 'My Interests' });
  await form.getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await page.goBack();
  await form.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your privacy matters to us' })).toBeVisible();
});

test('a favorite added on My Benefits shows on My Favorites; removing it empties the page', async ({ page }) => {
  const { uid } = await registerMember(page.request);
  await open(page, `/account/${uid}`);
  // The first card with a heart, found again by its title once its heart has changed.
  const first = page.locator('li', { has: page.getByRole('button', { name: 'Add to favorites' }) }).first();
  const title = (await first.getByRole('heading').textContent())!.trim();
  const card = page.locator('li', { has: page.getByRole('heading', { name: title, exact: true }) });
  await card.getByRole('button', { name: 'Add to favorites' }).click();
  const heart = card.getByRole('button', { name: 'Remove from favorites' });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await (await page.request.get('/api/v1/favorites')).json()).items.length).toBe(1);

  await open(page, '/account/favorites');
  await expect(page.getByRole('region', { name: 'Your favorites' }).getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Store' })).toHaveAttribute('href', '/store');
  await page.getByRole('button', { name: 'Remove from favorites' }).click();
  await expect(page.getByText(/You have no favorites yet/)).toBeVisible();

  await open(page, '/account/favorites');
  await expect(page.getByText(/You have no favorites yet/)).toBeVisible();
  await open(page, `/account/${uid}`);
  await expect(page.getByRole('button', { name: 'Remove from favorites' })).toHaveCount(0);
});
