import { expect, test, type APIRequestContext } from '@playwright/test';
import { PHONE, seriousAxeViolations } from './axe';
import { newestEmailedLink, open, registerMember, submitCase } from './members';

// A real verification link, followed on the site (spec 1 §2: Firebase sends every kind of link to
// the one action URL, /reset; §4 email verification; §7 sendEmailVerification's {url}). The Auth
// emulator keeps what it "mails"; its link points at its own handler, so the test takes the
// link's parameters to the site's /reset through the edge, as the deployed template would.

/** Starts an upload to a case, as a script would: refused until the email is verified. */
async function startUpload(request: APIRequestContext, caseId: string) {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  return request.post(`/api/v1/cases/${caseId}/uploads`, {
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1024', 'Upload-Metadata': `filename ${b64('scan.pdf')},filetype ${b64('application/pdf')}` },
  });
}

test('a verification link opened on /reset verifies the member and leads back to the account', async ({ page }) => {
  const { uid, email } = await registerMember(page.request);
  const caseId = await submitCase(page.request, email);
  const refused = await startUpload(page.request, caseId);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('Please confirm your email address before you upload documents');

  // The account's Verify Email asks for a link that comes back to it.
  await open(page, `/account/${uid}/profile`);
  await page.getByTestId('email-verification').getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText('Verification email sent.')).toBeVisible();
  const link = await newestEmailedLink(page.request, email, 'VERIFY_EMAIL', (link) => link.includes('continueUrl'));
  expect(link.searchParams.get('mode')).toBe('verifyEmail');
  expect(new URL(link.searchParams.get('continueUrl') as string).pathname).toBe(`/account/${uid}`);

  await open(page, `/reset${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText('Your email address has been verified.')).toBeVisible();
  expect(new URL(page.url()).searchParams.has('oobCode')).toBe(false); // the code leaves the address bar
  const session = (await (await page.request.get('/api/v1/session')).json()) as { user: { emailVerified: boolean } };
  expect(session.user.emailVerified).toBe(true);
  expect((await startUpload(page.request, caseId)).status()).toBe(201);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${uid}`));
  await open(page, `/account/${uid}/profile`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByTestId('email-verification')).toHaveCount(0);

  // A code works once.
  await open(page, `/reset${link.search}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This email verification link is invalid or has expired. Please send a new one from your account.',
  );
  await page.setViewportSize(PHONE); // the card at a phone's width too
  expect(await seriousAxeViolations(page)).toEqual([]);
});
