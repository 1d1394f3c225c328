import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// Members and pages as every end-to-end spec meets them: one way to register a fresh member and
// to open a page once it is interactive.

/** The password of every member the specs register, and of the seeded members. */
export const PASSWORD = 'Password1';

/** The seeded demo member (fixtures/auth): read, never changed. */
export const MEMBER = { email: 'member@example.com', password: PASSWORD };

/** An address no other test (or earlier run against the same emulators) has used. */
export const uniqueEmail = () => `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Registers a fresh member through the BFF; the answer's cookie signs in whoever made the call (a
 * page's `page.request` signs that page in).
 */
export async function registerMember(request: APIRequestContext, email = uniqueEmail()): Promise<{ uid: string; email: string }> {
  const res = await request.post('/api/v1/accounts', {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Robin', lastName: 'Tester', union: '37', zip: '20001' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { session } = (await res.json()) as { session: { user: { uid: string } } };
  return { uid: session.user.uid, email };
}

/** Fills the signup modal's form for a new member of the first union, and creates the account. */
export async function submitSignup(dialog: Locator, email: string, password = PASSWORD) {
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^First Name/).fill('Avery');
  await dialog.getByLabel(/^Last Name/).fill('Tester');
  await dialog.getByLabel(/^Union/).selectOption({ index: 1 });
  await dialog.getByLabel(/^Zip Code/).fill('20001');
  await dialog.getByLabel(/^Create Password/).fill(password);
  await dialog.getByLabel(/^Confirm Password/).fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
}

/** Opens an address and waits until the page is interactive (hydrated). */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** The Auth emulator, which keeps the links it "mails" as out-of-band codes. */
export const AUTH_EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const PROJECT = process.env.FIREBASE_PROJECT_ID ?? 'demo-union-benefits';

/** The kinds of link the Auth emulator "mails". */
type EmailedLinkKind = 'VERIFY_EMAIL' | 'PASSWORD_RESET';

/** The links of a kind the Auth emulator has "mailed" to an address, oldest first. */
export async function emailedLinks(request: APIRequestContext, email: string, kind: EmailedLinkKind): Promise<string[]> {
  const codes = await request.get(`http://${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await codes.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  return oobCodes.filter((c) => c.email === email && c.requestType === kind).map((c) => c.oobLink);
}

/** The verification links the Auth emulator has "mailed" to an address, oldest first. */
export const verificationLinks = (request: APIRequestContext, email: string) => emailedLinks(request, email, 'VERIFY_EMAIL');

/**
 * The newest link of a kind mailed to an address, waiting for it to arrive (and, with `accept`,
 * for one that passes it).
 */
export async function newestEmailedLink(
  request: APIRequestContext,
  email: string,
  kind: EmailedLinkKind,
  accept: (link: string) => boolean = () => true,
): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await emailedLinks(request, email, kind)).at(-1);
      return link !== undefined && accept(link);
    }, { message: `a ${kind} link was mailed to ${email}` })
    .toBe(true);
  return new URL(link as string);
}

/**
 * The newest password-reset link mailed to an address as the four query parameters the site's
 * /reset takes (the emulator's link points at its own handler; the deployed template points here).
 */
export async function resetLinkParams(request: APIRequestContext, email: string): Promise<URLSearchParams> {
  const params = (await newestEmailedLink(request, email, 'PASSWORD_RESET')).searchParams;
  const wanted = new URLSearchParams();
  for (const name of ['apiKey', 'lang', 'mode', 'oobCode']) wanted.set(name, params.get(name) ?? '');
  return wanted;
}

/**
 * Confirms a member's email address as they would: follows the newest verification link mailed
 * to it (registration mails one). Uploading documents and partner sign-in need it.
 */
export async function confirmEmail(request: APIRequestContext, email: string) {
  const link = await newestEmailedLink(request, email, 'VERIFY_EMAIL');
  expect((await request.get(link.toString())).ok()).toBe(true);
}

/** The grant form whose cases the specs submit: the shortest to fill. */
export const CASE_FORM = 'debt-management-plan-grant';

/** Submits a Debt Management Plan Grant for the signed-in member through the BFF; answers the case's id. */
export async function submitCase(request: APIRequestContext, email: string): Promise<string> {
  const form = await request.get(`/api/v1/forms/${CASE_FORM}`);
  expect(form.ok(), await form.text()).toBe(true);
  const { unions } = (await form.json()) as { unions: { id: string }[] };
  const res = await request.post(`/api/v1/forms/${CASE_FORM}/cases`, {
    data: {
      fields: {
        firstName: 'Robin', lastName: 'Tester', email, confirmEmail: email, street: '1 Main St', city: 'Springfield',
        state: 'IL', zip: '62701', phone: '2025550143', union: unions[0].id, unionLocal: 'Local 12', terms: true,
        mmiId: 'MMI12345', mmiAuthorization: true,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { case: { id: string } }).case.id;
}

/** The stack's Mailpit, where every BFF replica sends the mail outbox (`.bin/stack env`). */
export const MAILPIT = process.env.MAILPIT_URL ?? 'http://127.0.0.1:8026';

/** A message as Mailpit's API lists it. */
export type CaughtMail = { ID: string; MessageID: string; Subject: string; From: { Address: string }; To: { Address: string }[] };

/** The messages Mailpit has caught for an address, newest first. */
export async function mailTo(request: APIRequestContext, email: string): Promise<CaughtMail[]> {
  const res = await request.get(`${MAILPIT}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}&limit=50`);
  expect(res.ok(), await res.text()).toBe(true);
  const { messages } = (await res.json()) as { messages: CaughtMail[] };
  // The search matches words; only messages to exactly this address count.
  return messages.filter((m) => m.To.some((to) => to.Address.toLowerCase() === email.toLowerCase()));
}

/** A caught message's plain text. */
export async function mailText(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.get(`${MAILPIT}/api/v1/message/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { Text: string }).Text;
}
