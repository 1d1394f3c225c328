import { expect, test, type Locator, type Page } from '@playwright/test';
import { atEachViewport, DESKTOP, seriousAxeViolations } from './axe';
import { MEMBER, open, PASSWORD, registerMember } from './members';

// Hardship grant applications (spec 2 §2, §5, §6): each grant form submitted by a member and seen
// in My Forms, every rule's words, the sign-in round trip of a visitor, the already-submitted
// notice, an external form's frame, and accessibility at desktop and phone widths. Every test
// registers its own member; member@example.com (with its seeded recent hospital case) is only
// read.

const PRODUCT = process.env.PRODUCT_SLUG ?? 'union-benefits';

const statusMessages = (page: Page) => page.getByTestId('status-messages');



/** A day `daysAgo` days before today (negative: ahead), as the date selects take it. */
function day(daysAgo: number): { year: string; month: string; day: string } {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  return { year: String(d.getFullYear()), month: String(d.getMonth() + 1), day: String(d.getDate()) };
}

/**
 * The oldest date a grant date's list offers (its years start two years back): 1 January two years
 * ago, more than 24 months ago on every day of the year but 1 January itself.
 */
function oldestOffered(): { year: string; month: string; day: string } {
  return { year: String(new Date().getFullYear() - 2), month: '1', day: '1' };
}
const isNewYearsDay = () => new Date().getMonth() === 0 && new Date().getDate() === 1;

async function pickDate(form: Locator, legend: string, date: Partial<{ year: string; month: string; day: string }>) {
  const group = form.getByRole('group', { name: legend, exact: true });
  if (date.year !== undefined) await group.getByLabel('Year', { exact: true }).selectOption(date.year);
  if (date.month !== undefined) await group.getByLabel('Month', { exact: true }).selectOption(date.month);
  if (date.day !== undefined) await group.getByLabel('Day', { exact: true }).selectOption(date.day);
}

/** A control by its label; a required one's label ends with a '*' hidden from assistive technology. */
const field = (form: Locator, label: string) =>
  form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

/** The common fields of every grant form, filled as a member would (prefill kept where it is right). */
async function fillCommon(form: Locator, email: string) {
  await field(form, 'First Name').fill('Robin');
  await field(form, 'Last Name').fill('Tester');
  await field(form, 'Email').fill(email);
  await field(form, 'Confirm Email').fill(email);
  await field(form, 'Street Address').fill('1 Main St');
  await field(form, 'City').fill('Springfield');
  await field(form, 'State').selectOption('IL');
  await field(form, 'Zip').fill('62701');
  await field(form, 'Phone').fill('(202) 555-0143');
  const union = field(form, 'Union');
  if ((await union.inputValue()) === '') await union.selectOption({ index: 1 });
  await field(form, 'Union Local').fill('Local 12');
  await form.getByRole('checkbox', { name: /^I agree to the Terms and Conditions/ }).check();
}

interface GrantCase {
  id: string;
  title: string;
  fill: (form: Locator) => Promise<void>;
}

const GRANTS: GrantCase[] = [
  {
    id: 'strike-grant-personal-loan',
    title: 'Strike Grant for Personal Loan Borrowers',
    fill: async (form) => {
      await field(form, 'Last 4 digits of your loan number').fill('5678');
      await pickDate(form, 'Start of the strike', day(20));
    },
  },
  {
    id: 'job-loss-grant-personal-loan',
    title: 'Job Loss Grant for Personal Loan Borrowers',
    fill: async (form) => {
      await form.getByRole('checkbox', { name: /^My loan has been open/ }).check();
      await field(form, 'Last 4 digits of your loan number').fill('5678');
      await pickDate(form, 'Last day at work', day(60));
    },
  },
  {
    id: 'hospital-grant',
    title: 'Hospital Grant',
    fill: async (form) => {
      await form.getByRole('checkbox', { name: 'Insurance' }).check();
      await field(form, 'Last 4 digits of your card, loan or policy number').fill('1234');
      await pickDate(form, 'First hospitalization: admitted', day(40));
      await pickDate(form, 'First hospitalization: discharged', day(35));
      await field(form, 'Annual household income').fill('50000');
      await field(form, 'Unreimbursed out-of-pocket expenses').fill('2400.00');
    },
  },
  {
    id: 'disability-grant',
    title: 'Disability Grant',
    fill: async (form) => {
      await form.getByRole('checkbox', { name: 'Credit Card' }).check();
      await field(form, 'Last 4 digits of your card or loan number').fill('1234');
      await pickDate(form, 'Date of disability', day(100));
      await field(form, 'Monthly income before the disability').fill('4000');
      await field(form, 'Monthly income since the disability').fill('2000');
    },
  },
  {
    id: 'debt-management-plan-grant',
    title: 'Debt Management Plan Grant',
    fill: async (form) => {
      await field(form, 'MMI Client ID').fill('MMI12345');
      await form.getByRole('checkbox', { name: /^I authorize Money Management International/ }).check();
    },
  },
  {
    id: 'strike-grant-credit-cardholders',
    title: 'Strike Grant for Credit Cardholders',
    fill: async (form) => {
      await field(form, 'Last 4 digits of your card number').fill('1234');
      await pickDate(form, 'Start of the strike', day(10));
    },
  },
  {
    id: `job-loss-grant-form-${PRODUCT}-credit-cardholders`,
    title: 'Job Loss and Furlough Grant for Credit Cardholders',
    fill: async (form) => {
      await field(form, 'Reason').selectOption({ label: 'Furlough' });
      await form.getByRole('checkbox', { name: /^My card has been open/ }).check();
      await field(form, 'Last 4 digits of your card number').fill('1234');
      await pickDate(form, 'Last day at work', day(90));
    },
  },
  {
    id: 'mortgage-assistance',
    title: 'Mortgage Assistance',
    fill: async (form) => {
      await form.getByRole('checkbox', { name: /^I have a mortgage through the union mortgage program/ }).check();
      await field(form, 'Reason for your request').selectOption({ label: 'Layoff/Furlough' });
      await field(form, 'Why are you out of work?').fill('The plant closed for retooling.');
      await field(form, 'Last 4 digits of your Social Security number').fill('6789');
      await field(form, 'Mortgage loan number').fill('CH1234567');
      await pickDate(form, 'Last day at work', day(70));
      await pickDate(form, 'Expected return to work', day(-200));
      await field(form, 'Monthly household income while working').fill('5000');
      await field(form, 'Monthly household income now').fill('2000');
    },
  },
  {
    id: 'medical-bill-negotiating-service',
    title: 'Medical Bill Negotiating Service',
    fill: async (form) => {
      await field(form, 'Unpaid medical bills').fill('1200.50');
      await field(form, 'How would you use the service?').fill('To lower the bills of my surgery.');
    },
  },
];

/** The grant form on the page, once hydrated. */
async function openForm(page: Page, id: string, title: string): Promise<Locator> {
  await open(page, `/form/${id}`);
  const form = page.getByRole('form', { name: title });
  await expect(form).toBeVisible();
  return form;
}

async function submit(page: Page, form: Locator) {
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your form has been submitted' })).toBeVisible();
  await expect(statusMessages(page)).toContainText('Form submitted successfully.');
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('each grant form is submitted and shows in My Forms', () => {
  test.use({ viewport: DESKTOP });
  for (const grant of GRANTS) {
    test(grant.title, async ({ page }) => {
      const { uid, email } = await registerMember(page.request);
      const form = await openForm(page, grant.id, grant.title);
      await fillCommon(form, email);
      await grant.fill(form);
      await submit(page, form);
      await expect(field(form, 'First Name')).toBeDisabled();

      await open(page, `/account/${uid}/forms`);
      const item = page.getByRole('article', { name: grant.title });
      await expect(item).toBeVisible();
      await expect(item.getByText('Sending')).toBeVisible();
      await expect(item.getByRole('link', { name: 'About this program' })).toBeVisible();
    });
  }
});

test.describe('the rules of the grant forms', () => {
  test.use({ viewport: DESKTOP });

  test('the hospital form shows each of its rules in its words', async ({ page }) => {
    const { email } = await registerMember(page.request);
    const form = await openForm(page, 'hospital-grant', 'Hospital Grant');
    const submitButton = form.getByRole('button', { name: 'Submit' });

    // Nothing shows before a field was left; everything on submit.
    await field(form, 'Last 4 digits of your card, loan or policy number').fill('12');
    await expect(form.getByText('Please enter exactly 4 digits.')).toHaveCount(0);
    await field(form, 'Annual household income').focus();
    await expect(form.getByText('Please enter exactly 4 digits.')).toBeVisible();
    await expect(field(form, 'Last 4 digits of your card, loan or policy number')).toHaveAttribute('aria-invalid', 'true');

    await submitButton.click();
    await expect(form.getByText('Programs you participate in: At least one value is required.')).toBeVisible();
    await expect(form.getByText('This field is required.').first()).toBeVisible();

    await fillCommon(form, email);
    await field(form, 'First Name').fill('x'.repeat(81));
    await field(form, 'Email').fill('robin@');
    await field(form, 'Zip').fill('12');
    await field(form, 'Mobile Phone').fill('555-01');
    // Thousands commas are dropped as they are typed (amounts are digits only); letters and a
    // single decimal are refused.
    await field(form, 'Annual household income').fill('50,000');
    await expect(field(form, 'Annual household income')).toHaveValue('50000');
    await field(form, 'Annual household income').fill('50k');
    await field(form, 'Unreimbursed out-of-pocket expenses').fill('2,400.5');
    await expect(field(form, 'Unreimbursed out-of-pocket expenses')).toHaveValue('2400.5');
    await pickDate(form, 'First hospitalization: admitted', { month: '1' });
    await pickDate(form, 'First hospitalization: discharged', day(-1));
    await submitButton.click();
    await expect(form.getByText('Please use at most 80 characters.')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Please enter a 5-10 digit zip.')).toBeVisible();
    await expect(form.getByText('Please enter a 10-digit phone number.')).toBeVisible();
    await expect(form.getByText('Please enter digits only.')).toBeVisible();
    await expect(form.getByText('Please enter an amount in dollars, with up to two decimals and no commas.')).toBeVisible();
    await expect(form.getByText('Please choose a valid date.')).toBeVisible();
    await expect(form.getByText('This date should not be in the future.')).toBeVisible();

    await field(form, 'First Name').fill('Robin');
    await field(form, 'Email').fill(email);
    await field(form, 'Confirm Email').fill(`other-${email}`);
    await field(form, 'Zip').fill('62701');
    await field(form, 'Phone').fill('');
    await field(form, 'Mobile Phone').fill('');
    await form.getByRole('checkbox', { name: 'Sign up for text messages' }).check();
    await pickDate(form, 'First hospitalization: admitted', oldestOffered());
    await pickDate(form, 'First hospitalization: discharged', day(30));
    await pickDate(form, 'Second hospitalization: admitted', day(20));
    await pickDate(form, 'Second hospitalization: discharged', day(25));
    await field(form, 'Annual household income').fill('50000');
    await field(form, 'Unreimbursed out-of-pocket expenses').fill('100');
    await submitButton.click();
    await expect(form.getByText(`Email "${email}" does not match confirmation value "other-${email}"`)).toBeVisible();
    await expect(form.getByText('Please enter at least one number, in the Phone or Mobile Phone field.')).toBeVisible();
    await expect(form.getByText('Please enter a mobile phone number to receive text messages.')).toBeVisible();
    await expect(form.getByText('The hospitalization must have occurred within the last 24 months.')).toHaveCount(isNewYearsDay() ? 0 : 1);
    await expect(form.getByText('Hospitalization start date should be before end date.')).toBeVisible();
    await expect(
      form.getByText('Out of pocket expenses must at least the lesser of 10% of your annual income or $2,400.'),
    ).toBeVisible();

    await pickDate(form, 'First hospitalization: admitted', day(40));
    await pickDate(form, 'Second hospitalization: discharged', { day: '' });
    await form.getByRole('group', { name: 'Second hospitalization: discharged' }).getByLabel('Month').selectOption('');
    await form.getByRole('group', { name: 'Second hospitalization: discharged' }).getByLabel('Year').selectOption('');
    await submitButton.click();
    await expect(form.getByText('Please enter both dates of the second hospitalization, or neither.')).toBeVisible();
  });

  test('the disability, mortgage, strike and job loss forms show their own rules', async ({ page }) => {
    await registerMember(page.request);
    let form = await openForm(page, 'disability-grant', 'Disability Grant');
    await field(form, 'Monthly income before the disability').fill('4000');
    await field(form, 'Monthly income since the disability').fill('3500');
    await pickDate(form, 'Date of disability', oldestOffered());
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Disability income must be at least 25% less than your pre-disability income.')).toBeVisible();
    await expect(form.getByText('The date of disability must have occurred within the last 24 months.')).toHaveCount(isNewYearsDay() ? 0 : 1);

    form = await openForm(page, 'mortgage-assistance', 'Mortgage Assistance');
    await pickDate(form, 'Last day at work', oldestOffered());
    // A return to work offers this year on: 1 January is in the past on every day but itself.
    await pickDate(form, 'Expected return to work', { year: String(new Date().getFullYear()), month: '1', day: '1' });
    await field(form, 'Why are you out of work?').fill('x'.repeat(301));
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('The date of job loss must have occurred within the last 24 months.')).toHaveCount(isNewYearsDay() ? 0 : 1);
    await expect(form.getByText('The expected return to work must be between today and 10 years from now.')).toHaveCount(isNewYearsDay() ? 0 : 1);
    await expect(form.getByText('Please use at most 300 characters.')).toBeVisible();

    form = await openForm(page, 'strike-grant-credit-cardholders', 'Strike Grant for Credit Cardholders');
    await pickDate(form, 'Start of the strike', oldestOffered());
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('The start of the strike must be within the last 24 months.')).toHaveCount(isNewYearsDay() ? 0 : 1);

    form = await openForm(page, 'debt-management-plan-grant', 'Debt Management Plan Grant');
    await field(form, 'MMI Client ID').fill('123456789012');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Please use at most 11 characters.')).toBeVisible();
  });

  test('the BFF refuses what the selects cannot send, in the same words', async ({ page }) => {
    const { email } = await registerMember(page.request);
    const res = await page.request.post(`/api/v1/forms/job-loss-grant-form-${PRODUCT}-credit-cardholders/cases`, {
      data: {
        fields: {
          firstName: 'Robin', lastName: 'Tester', email, confirmEmail: email, street: '1 Main St', city: 'Springfield',
          state: 'ZZ', zip: '62701', phone: '2025550143', union: '99999', unionLocal: '', terms: true,
          grantType: '3', cardOpenThreeMonths: true, creditCardNumber: '1234', lastWorkDay: '2099-01-01',
        },
      },
    });
    expect(res.status()).toBe(400);
    const problem = (await res.json()) as { errors: { field: string; message: string }[] };
    const byField = Object.fromEntries(problem.errors.map((e) => [e.field, e.message]));
    expect(byField.state).toBe('Please choose a state.');
    expect(byField.union).toBe('Unknown union 99999');
    expect(byField.grantType).toBe('Please choose one of the options.');
    expect(byField.lastWorkDay).toBe('This date should not be in the future.');
  });
});

test('a visitor is sent to log in and brought back to the form', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { email } = await registerMember(api);
  await api.dispose();

  await page.goto('/form/hospital-grant');
  await expect(page).toHaveURL(/\/\?modal=login&destination=%2Fform%2Fhospital-grant$/);
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await expect(dialog).toBeFocused();
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/form\/hospital-grant$/);
  await expect(page.getByRole('form', { name: 'Hospital Grant' })).toBeVisible();
});

test('a member who sent the form within the year is told so, and may submit another', async ({ page }) => {
  const res = await page.request.post('/api/v1/session', { data: MEMBER });
  expect(res.ok(), await res.text()).toBe(true);
  const { session } = (await res.json()) as { session: { user: { uid: string } } };
  await open(page, '/form/hospital-grant');
  await expect(page.getByText(/^You already submitted this form on \w+ \d{2}, \d{4}\.$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View submitted forms' })).toHaveAttribute(
    'href',
    `/account/${session.user.uid}/forms`,
  );
  await expect(page.getByRole('form', { name: 'Hospital Grant' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit another' }).click();
  await expect(page.getByRole('form', { name: 'Hospital Grant' })).toBeVisible();

  // A new member has no such case.
  await registerMember(page.request);
  await open(page, '/form/hospital-grant');
  await expect(page.getByRole('form', { name: 'Hospital Grant' })).toBeVisible();
  await expect(page.getByText(/You already submitted this form/)).toHaveCount(0);
});

test("a grant form's terms and privacy links open the site's pages in a new tab", async ({ page }) => {
  await registerMember(page.request);
  const form = await openForm(page, 'hospital-grant', 'Hospital Grant');
  // The links keep spec 2 §2's addresses; the site answers them with its CMS pages.
  for (const [name, address, heading] of [
    ['Terms and Conditions', '/terms-and-conditions', 'Terms and Conditions'],
    ['Privacy Policy', '/privacy-policy', 'Your privacy matters to us'],
  ] as const) {
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      form.getByRole('link', { name: new RegExp(`^${name}`) }).click(),
    ]);
    await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(new URL(tab.url()).pathname).toBe(address);
    await tab.close();
  }
  // The form is still there, as the member left it.
  await expect(form).toBeVisible();
});

test('unknown forms: 404 is the not-found page', async ({ page }) => {
  await registerMember(page.request);
  const answer = await page.goto('/form/no-such-grant');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

atEachViewport('layout and accessibility', ({ name, viewport }) => {
  test('an external form is framed, as wide as fits', async ({ page }) => {
    await registerMember(page.request);
    await open(page, '/form/smartphone-rebate-form');
    const frame = page.locator('iframe[title="Smartphone Rebate"]');
    await expect(frame).toBeVisible();
    expect(await frame.getAttribute('src')).toBeTruthy();
    const box = await frame.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(Math.min(800, viewport.width));
    if (name === 'desktop') expect(box!.height).toBeGreaterThanOrEqual(1415);
    await noSidewaysScroll(page);
  });

  test('the form, its success state and My Forms have no serious violations and no sideways scroll', async ({ page }) => {
    const { uid, email } = await registerMember(page.request);
    const grant = GRANTS.find((g) => g.id === 'hospital-grant')!;
    const form = await openForm(page, grant.id, grant.title);
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('This field is required.').first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await fillCommon(form, email);
    await grant.fill(form);
    // A double click sends one case.
    await form.getByRole('button', { name: 'Submit' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Your form has been submitted' })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await open(page, `/account/${uid}/forms`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test('My Forms is empty for a new member, and keyboard users reach the submit', async ({ page }) => {
  const { uid } = await registerMember(page.request);
  await open(page, `/account/${uid}/forms`);
  await expect(page.getByText('You have not submitted any application forms yet.')).toBeVisible();

  const form = await openForm(page, 'strike-grant-credit-cardholders', 'Strike Grant for Credit Cardholders');
  await field(form, 'First Name').focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await form.getByRole('button', { name: 'Submit' }).evaluate((b) => b === document.activeElement)) break;
  }
  await expect(form.getByRole('button', { name: 'Submit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByText('This field is required.').first()).toBeVisible();
});
