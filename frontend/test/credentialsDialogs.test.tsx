import { fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '@/lib/accounts';
import { SESSION_KEY } from '@/lib/bff/queries';
import type { Session } from '@/lib/bff/types';
import { ChangeEmailDialog } from '@/components/account/ChangeEmailDialog';
import { ChangePasswordDialog } from '@/components/account/ChangePasswordDialog';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The Change Email and Change Password dialogs (spec 1 §2, §4, §5, §8).

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const update = () => fireEvent.click(screen.getByRole('button', { name: 'Update' }));

describe('ChangePasswordDialog', () => {
  beforeEach(() => nav.reset());
  afterEach(() => vi.unstubAllGlobals());

  it('is a dialog with the three fields and a live checklist', () => {
    renderWithSession(<ChangePasswordDialog onClose={() => undefined} />, SIGNED_IN);
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
    type(/^New Password/, 'abcdefgh');
    const met = [...document.querySelectorAll('[data-rule]')].map((li) => [li.getAttribute('data-rule'), li.getAttribute('data-met')]);
    expect(met).toEqual([
      ['length', 'true'],
      ['upper', 'false'],
      ['lower', 'true'],
      ['digit', 'false'],
    ]);
  });

  it('opens with no error shown, under StrictMode too, however the focus moves out of it', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    renderWithSession(
      <StrictMode>
        <ChangePasswordDialog onClose={() => undefined} />
      </StrictMode>,
      SIGNED_IN,
    );
    await Promise.resolve();
    const current = screen.getByLabelText(/^Current Password/);
    expect(document.activeElement).toBe(current);
    // A script moving the focus out of the open dialog (a closing dialog does) is not the person
    // leaving the field.
    fireEvent.blur(current, { relatedTarget: opener });
    expect(screen.queryByText(message('currentPasswordRequired'))).toBeNull();
    expect(current.getAttribute('aria-invalid')).toBeNull();
    // The person leaving it for the next field is.
    fireEvent.blur(current, { relatedTarget: screen.getByLabelText(/^New Password/) });
    expect(screen.getByText(message('currentPasswordRequired'))).toBeTruthy();
    opener.remove();
  });

  it('checks the rules before sending anything', () => {
    const fetch = stubFetch(() => ({ body: {} }));
    renderWithSession(<ChangePasswordDialog onClose={() => undefined} />, SIGNED_IN);
    type(/^New Password/, 'password');
    type(/^Confirm New Password/, 'passw0rd');
    update();
    expect(screen.getByText(message('currentPasswordRequired'))).toBeTruthy();
    // The rule's error is worded as its hint, which stays under the field too.
    expect(screen.getAllByText(message('passwordInvalid'))).toHaveLength(2);
    expect(screen.getByLabelText(/^New Password/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(message('passwordConfirm'))).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the BFF’s word on a wrong current password at that field', async () => {
    stubFetch(() =>
      problem(401, 'Invalid current password.', [{ field: 'currentPassword', message: 'Invalid current password.' }]),
    );
    const onClose = vi.fn();
    renderWithSession(<ChangePasswordDialog onClose={onClose} />, SIGNED_IN);
    type(/^Current Password/, 'Wrong1234');
    type(/^New Password/, 'Password2');
    type(/^Confirm New Password/, 'Password2');
    update();
    await screen.findByText('Invalid current password.');
    expect(screen.getByLabelText(/^Current Password/).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('on success takes the renewed session, shows the message and closes', async () => {
    const renewed: Session = { ...SIGNED_IN };
    const fetch = stubFetch(() => ({ body: { session: renewed, message: 'Password update successful!' } }));
    const onClose = vi.fn();
    const { client } = renderWithSession(<ChangePasswordDialog onClose={onClose} />, SIGNED_IN);
    type(/^Current Password/, 'Password1');
    type(/^New Password/, 'Password2');
    type(/^Confirm New Password/, 'Password2');
    update();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/session/password');
    expect(sentBody(fetch)).toEqual({ currentPassword: 'Password1', newPassword: 'Password2', confirmPassword: 'Password2' });
    expect(client.getQueryData(SESSION_KEY)).toEqual(renewed);
    await waitFor(() => expect(screen.getByTestId('status-messages').textContent).toContain('Password update successful!'));
  });
});

describe('ChangeEmailDialog', () => {
  beforeEach(() => nav.reset());
  afterEach(() => vi.unstubAllGlobals());

  it('wants the current password and a valid new email', () => {
    const fetch = stubFetch(() => ({ body: {} }));
    renderWithSession(<ChangeEmailDialog onClose={() => undefined} />, SIGNED_IN);
    type(/^New Email/, 'someone@example');
    update();
    expect(screen.getByText(message('currentPasswordRequired'))).toBeTruthy();
    expect(screen.getByText(message('emailInvalid'))).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('changes the email: the session follows, the message shows, the dialog closes', async () => {
    const renewed: Session = { ...SIGNED_IN, user: { ...SIGNED_IN.user!, email: 'new@example.com', emailVerified: false } };
    const fetch = stubFetch(() => ({ body: { session: renewed, message: 'Email update successful!' } }));
    const onClose = vi.fn();
    const { client } = renderWithSession(<ChangeEmailDialog onClose={onClose} />, SIGNED_IN);
    type(/^Current Password/, 'Password1');
    type(/^New Email/, ' new@example.com ');
    update();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetch)).toEqual({ currentPassword: 'Password1', newEmail: 'new@example.com' });
    expect(client.getQueryData<Session>(SESSION_KEY)?.user?.email).toBe('new@example.com');
  });

  it('closes on Cancel', () => {
    const onClose = vi.fn();
    renderWithSession(<ChangeEmailDialog onClose={onClose} />, SIGNED_IN);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
