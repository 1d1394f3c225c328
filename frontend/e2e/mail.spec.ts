import { expect, test } from '@playwright/test';
import { DESKTOP } from './axe';
import { mailText, mailTo, registerMember, resetLinkParams } from './members';

// Mail that really leaves (issue 37): the BFF queues the password-changed message of spec 1 §7
// (passwordChangedEmail) in Firestore's mail outbox, and the senders of both BFF replicas deliver
// it over SMTP to the stack's Mailpit, once.

test.use({ viewport: DESKTOP });

test('a member who resets their password gets exactly one "password changed" email', async ({ page, request }) => {
  const { email } = await registerMember(request);
  expect(await mailTo(request, email), 'nothing is mailed to a new member before the reset').toHaveLength(0);

  await page.goto('/?modal=forgot');
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await expect(forgot).toBeFocused(); // hydrated
  await forgot.getByLabel(/^Email/).fill(email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByRole('status')).toContainText('Check your email to reset your password');

  // The reset link itself is Firebase's to send: the Auth emulator keeps it.
  await page.goto(`/reset?${(await resetLinkParams(request, email)).toString()}`);
  await page.getByLabel(/^New Password/).fill('Replaced2');
  await page.getByLabel(/^Confirm New Password/).fill('Replaced2');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/account\/[^/]+\/profile$/, { timeout: 15_000 });

  // Delivered within a few of the senders' one-second passes.
  await expect.poll(async () => (await mailTo(request, email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const caught = await mailTo(request, email);
  expect(caught, 'two replicas sent the message once between them').toHaveLength(1);
  const [message] = caught;
  expect(message.Subject).toBe('Your password was changed');
  expect(message.From.Address).toBe('no-reply@union-benefits.test');
  // Made from the outbox document's id, the same on every attempt and replica.
  expect(message.MessageID).toMatch(/^[A-Za-z0-9]+\.outbox@union-benefits\.test$/);
  const text = await mailText(request, message.ID);
  expect(text).toContain('Hello Robin,');
  expect(text).toContain(`The password of your union benefits account (${email}) was just changed`);
});
