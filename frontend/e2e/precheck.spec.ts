import { expect, test, type Page } from '@playwright/test';
import { atEachViewport, DESKTOP, seriousAxeViolations } from './axe';
import { MEMBER, open, registerMember } from './members';

// The job loss grant pre-check at /job-loss-grant (spec 2 §2, §4, §8, §9): every path through the
// five steps (eligible; not eligible under 45 days, over 730 days, without the card, without 90
// days of holding it), Go back from each step (from step 1 to the previous page), 'apply anyway'
// as a visitor (the form asks them to log in and brings them back) and as a member, and
// accessibility at desktop and phone widths. Days are counted from today, as the wizard counts
// them, in the browser's calendar (the runner and the browser share the machine's time zone).

const PRODUCT = process.env.PRODUCT_SLUG ?? 'union-benefits';
const PHONE_NUMBER = process.env.SUPPORT_PHONE ?? '800-472-2005';
const FORM_PATH = `/form/job-loss-grant-form-${PRODUCT}-credit-cardholders`;
const FORM_TITLE = 'Job Loss and Furlough Grant for Credit Cardholders';
const WIZARD = '/job-loss-grant';

const INELIGIBLE = 'You are not currently eligible. Based on preliminary responses, you may not be eligible for the grant';
const TITLES = {
  1: 'Lost your job, or been furloughed or laid off?',
  2: 'When was your last day at work?',
  3: /^Are you a .+ Credit Card or Teamster Privilege Credit Card cardholder\?$/,
  4: /^Have you held your card since \w+ \d{2}, \d{4}\?$/,
  5: 'You can apply for the grant',
} as const;
type Step = keyof typeof TITLES;

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** The local day `daysAgo` days before today (negative: ahead); calendar days, as the wizard counts. */
function dayAgo(daysAgo: number): Date {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - daysAgo);
  return d;
}

/** A day as the wizard shows it, 'MMMM DD, YYYY'. */
const shown = (d: Date) => `${MONTHS[d.getMonth()]} ${String(d.getDate()).padStart(2, '0')}, ${d.getFullYear()}`;




const main = (page: Page) => page.locator('main');
const heading = (page: Page) => main(page).getByRole('heading', { level: 2 });
const continueButton = (page: Page) => main(page).getByRole('button', { name: 'Continue', exact: true });
const backButton = (page: Page) => main(page).getByRole('button', { name: 'Go back', exact: true });
const notice = (page: Page) => main(page).getByRole('status');
const dateGroup = (page: Page) => main(page).getByRole('group', { name: 'Last day at work' });
const radio = (page: Page, name: 'Yes' | 'No') => main(page).getByRole('radio', { name, exact: true });

/** The wizard shows step n: its indicator and its heading, which has the focus after a move. */
async function expectStep(page: Page, n: Step, { focused = true } = {}) {
  await expect(main(page).getByText(`Step ${n} of 5`, { exact: true })).toBeVisible();
  await expect(heading(page)).toHaveText(TITLES[n]);
  if (focused) await expect(heading(page)).toBeFocused();
}

async function openWizard(page: Page) {
  await open(page, WIZARD);
  await expect(page.getByRole('heading', { level: 1, name: 'Job Loss Grant Pre-Check' })).toBeVisible();
  await expectStep(page, 1, { focused: false });
}

async function start(page: Page) {
  await main(page).getByRole('button', { name: "Let's get started" }).click();
  await expectStep(page, 2);
}

async function pickLastWorkDay(page: Page, d: Date) {
  const group = dateGroup(page);
  await group.getByLabel('Year', { exact: true }).selectOption(String(d.getFullYear()));
  await group.getByLabel('Month', { exact: true }).selectOption(String(d.getMonth() + 1));
  await group.getByLabel('Day', { exact: true }).selectOption(String(d.getDate()));
}

async function expectDateEmpty(page: Page) {
  for (const label of ['Month', 'Day', 'Year']) {
    await expect(dateGroup(page).getByLabel(label, { exact: true })).toHaveValue('');
  }
}

/** From the introduction through a last day at work `daysAgo` days ago, to step 3. */
async function toCardStep(page: Page, daysAgo = 60) {
  await start(page);
  await pickLastWorkDay(page, dayAgo(daysAgo));
  await expect(continueButton(page)).toBeEnabled();
  await continueButton(page).click();
  await expectStep(page, 3);
}

async function answer(page: Page, value: 'Yes' | 'No') {
  await radio(page, value).check();
}

/** Answers Yes to the question shown and continues to step `next`. */
async function yesAndContinue(page: Page, next: Step) {
  await answer(page, 'Yes');
  await continueButton(page).click();
  await expectStep(page, next);
}

/** The ineligible notice: the spec's sentence, what else it says, and 'apply anyway' to the form. */
async function expectIneligible(page: Page, ...texts: string[]) {
  await expect(notice(page)).toContainText(INELIGIBLE);
  for (const text of texts) await expect(notice(page)).toContainText(text);
  await expect(notice(page).getByRole('link', { name: 'apply anyway' })).toHaveAttribute('href', FORM_PATH);
  await expect(continueButton(page)).toBeDisabled();
}

async function expectEligibleSoFar(page: Page) {
  await expect(notice(page)).toBeEmpty();
  await expect(continueButton(page)).toBeEnabled();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('the job loss pre-check', () => {
  test.use({ viewport: DESKTOP });

  test('the eligible path: five steps, the computed dates, the PDF, then the form for a member', async ({ page }) => {
    await registerMember(page.request);
    await openWizard(page);
    await expect(main(page)).toContainText('at least 45 consecutive days');
    await expect(main(page)).toContainText('at least 3 months at the time of the job loss');
    await expect(backButton(page)).toBeVisible();

    await start(page);
    await expect(continueButton(page)).toBeDisabled();
    // An incomplete date is no answer.
    await dateGroup(page).getByLabel('Month', { exact: true }).selectOption('1');
    await expect(continueButton(page)).toBeDisabled();
    const lastDay = dayAgo(100);
    await pickLastWorkDay(page, lastDay);
    await expectEligibleSoFar(page);
    await continueButton(page).click();

    await expectStep(page, 3);
    await expect(heading(page)).toContainText('Credit Card or Teamster Privilege Credit Card cardholder?');
    await expect(continueButton(page)).toBeDisabled();
    await answer(page, 'Yes');
    await expectEligibleSoFar(page);
    await continueButton(page).click();

    await expectStep(page, 4);
    await expect(heading(page)).toHaveText(`Have you held your card since ${shown(dayAgo(190))}?`);
    await expect(radio(page, 'Yes')).not.toBeChecked();
    await expect(continueButton(page)).toBeDisabled();
    await answer(page, 'Yes');
    await expectEligibleSoFar(page);
    await continueButton(page).click();

    await expectStep(page, 5);
    await expect(main(page)).toContainText('Support of your last day at work');
    await expect(main(page)).toContainText(`still out of work on ${shown(dayAgo(55))}, 45 days after your last day at work`);
    await expect(main(page)).toContainText(`Call us at ${PHONE_NUMBER}`);
    const pdf = main(page).getByRole('link', { name: /Supporting documentation requirements \(PDF\)/ });
    const href = await pdf.getAttribute('href');
    expect(href).toMatch(/^https?:\/\/.+\/sites\/default\/files\/global\/job-loss-supporting-documentation\.pdf$/);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');

    const go = main(page).getByRole('link', { name: 'Continue', exact: true });
    await expect(go).toHaveAttribute('href', FORM_PATH);
    await go.click();
    await expect(page).toHaveURL(new RegExp(`${FORM_PATH}$`));
    await expect(page.getByRole('form', { name: FORM_TITLE })).toBeVisible();
  });

  test('under 45 days: not eligible, come back on the 45th day; 45 days is eligible', async ({ page }) => {
    await openWizard(page);
    await start(page);
    await pickLastWorkDay(page, dayAgo(44));
    await expectIneligible(page, `Please come back on or after ${shown(dayAgo(-1))}.`);
    await pickLastWorkDay(page, dayAgo(45));
    await expectEligibleSoFar(page);
    // Today itself: come back 45 days from now.
    await pickLastWorkDay(page, dayAgo(0));
    await expectIneligible(page, `Please come back on or after ${shown(dayAgo(-45))}.`);
  });

  test('over 730 days: not eligible, the 24-month rule; 730 days is eligible', async ({ page }) => {
    await openWizard(page);
    await start(page);
    await pickLastWorkDay(page, dayAgo(731));
    await expectIneligible(page, 'The date of job loss must have occurred within the last 24 months.');
    await pickLastWorkDay(page, dayAgo(730));
    await expectEligibleSoFar(page);
  });

  test('no card: not eligible; a Yes instead clears it', async ({ page }) => {
    await openWizard(page);
    await toCardStep(page);
    await answer(page, 'No');
    await expectIneligible(page, 'Teamster Privilege Credit Card cardholders.');
    await answer(page, 'Yes');
    await expectEligibleSoFar(page);
  });

  test('not held for 90 days: not eligible, call the support line', async ({ page }) => {
    await openWizard(page);
    await toCardStep(page, 200);
    await yesAndContinue(page, 4);
    await expect(heading(page)).toHaveText(`Have you held your card since ${shown(dayAgo(290))}?`);
    await answer(page, 'No');
    await expectIneligible(page, `Please call us at ${PHONE_NUMBER}`, 'at least 3 months');
  });

  test('Go back from each step clears the answer, the date and the notice; from step 1 to the previous page', async ({ page }) => {
    await open(page, '/hardship-help');
    await openWizard(page);
    await toCardStep(page);
    await yesAndContinue(page, 4);
    await yesAndContinue(page, 5);

    await backButton(page).click();
    await expectStep(page, 4);
    await expect(radio(page, 'Yes')).not.toBeChecked();
    await expect(continueButton(page)).toBeDisabled();
    await answer(page, 'No');
    await expect(notice(page)).toContainText(INELIGIBLE);

    await backButton(page).click();
    await expectStep(page, 3);
    await expect(notice(page)).toBeEmpty();
    await expect(radio(page, 'Yes')).not.toBeChecked();
    await expect(radio(page, 'No')).not.toBeChecked();
    await expect(continueButton(page)).toBeDisabled();
    await answer(page, 'No');

    await backButton(page).click();
    await expectStep(page, 2);
    await expect(notice(page)).toBeEmpty();
    await expectDateEmpty(page);
    await expect(continueButton(page)).toBeDisabled();
    await pickLastWorkDay(page, dayAgo(10));
    await expect(notice(page)).toContainText(INELIGIBLE);

    await backButton(page).click();
    await expectStep(page, 1);
    await expect(notice(page)).toBeEmpty();
    // Forward again: the selectors start empty.
    await start(page);
    await expectDateEmpty(page);
    await backButton(page).click();
    await expectStep(page, 1);

    await backButton(page).click();
    await expect(page).toHaveURL(/\/hardship-help$/);
  });

  test('keyboard users answer with the keys, and the focus follows the steps', async ({ page }) => {
    await openWizard(page);
    const startButton = main(page).getByRole('button', { name: "Let's get started" });
    await startButton.focus();
    await page.keyboard.press('Enter');
    await expectStep(page, 2);
    await pickLastWorkDay(page, dayAgo(60));
    await continueButton(page).focus();
    await page.keyboard.press('Enter');
    await expectStep(page, 3);
    // From the heading, Tab reaches the answers, then Go back and Continue.
    await page.keyboard.press('Tab');
    await expect(radio(page, 'Yes')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(radio(page, 'Yes')).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(backButton(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(continueButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expectStep(page, 4);
  });
});

test.describe('apply anyway', () => {
  test.use({ viewport: DESKTOP });

  test('a visitor is asked to log in on the form and brought back to it', async ({ page }) => {
    await openWizard(page);
    await start(page);
    await pickLastWorkDay(page, dayAgo(20));
    await expectIneligible(page);
    await notice(page).getByRole('link', { name: 'apply anyway' }).click();

    await expect(page).toHaveURL(`/?modal=login&destination=${encodeURIComponent(FORM_PATH)}`);
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog).toBeFocused();
    await dialog.getByLabel(/^Email/).fill(MEMBER.email);
    await dialog.getByLabel(/^Password/).fill(MEMBER.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();

    await expect(page).toHaveURL(new RegExp(`${FORM_PATH}$`));
    await expect(page.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeVisible();
    // The demo member sent this form days ago (fixtures/firestore/cases.json), so the page may say
    // so first and offer another.
    const form = page.getByRole('form', { name: FORM_TITLE });
    const another = page.getByRole('button', { name: 'Submit another' });
    await expect(form.or(another)).toBeVisible();
    if (await another.isVisible()) {
      await page.waitForLoadState('networkidle');
      await another.click();
    }
    await expect(form).toBeVisible();
  });

  test('a member lands on the form', async ({ page }) => {
    await registerMember(page.request);
    await openWizard(page);
    await toCardStep(page);
    await answer(page, 'No');
    await notice(page).getByRole('link', { name: 'apply anyway' }).click();
    await expect(page).toHaveURL(new RegExp(`${FORM_PATH}$`));
    await expect(page.getByRole('form', { name: FORM_TITLE })).toBeVisible();
  });
});

atEachViewport('layout and accessibility', ({ viewport }) => {
  test('each kind of step has no serious violations and no sideways scroll', async ({ page }) => {
    const check = async (what: string) => {
      await noSidewaysScroll(page);
      expect(await seriousAxeViolations(page), what).toEqual([]);
    };
    await openWizard(page);
    await check('introduction');

    await start(page);
    await check('date, empty');
    await pickLastWorkDay(page, dayAgo(30));
    await expect(notice(page)).toContainText(INELIGIBLE);
    await check('date, not eligible');

    await pickLastWorkDay(page, dayAgo(60));
    await continueButton(page).click();
    await expectStep(page, 3);
    await check('question');
    await answer(page, 'No');
    await expect(notice(page)).toContainText(INELIGIBLE);
    await check('question, not eligible');

    await yesAndContinue(page, 4);
    await yesAndContinue(page, 5);
    await check('result');

    // Every button and link of the step is on screen, none cut off at the side.
    for (const control of await main(page).locator('form').getByRole('button').or(main(page).locator('form').getByRole('link')).all()) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
  });
});
