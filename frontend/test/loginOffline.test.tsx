import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '@/components/shell/ModalHost';
import { nav } from './navigationMock';
import { OFFLINE, renderWithSession } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The login switch (spec 1 §1, spec 3 §4): with login off the modals show the configured message.

describe('login switched off', () => {
  beforeEach(() => nav.reset());

  it.each([
    ['login', 'Log In'],
    ['signup', 'Create Your Account'],
    ['forgot', 'Forgot Password'],
  ])('?modal=%s shows the offline message instead of its form', (param, title) => {
    nav.go(`/?modal=${param}`);
    renderWithSession(<ModalHost />, OFFLINE);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog.textContent).toContain(OFFLINE.loginOfflineMessage);
    expect(dialog.querySelector('form')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('the forms are there while login is on', () => {
    nav.go('/?modal=login');
    renderWithSession(<ModalHost />);
    expect(screen.getByRole('dialog', { name: 'Log In' }).querySelector('form')).not.toBeNull();
    expect(screen.queryByText(OFFLINE.loginOfflineMessage as string)).toBeNull();
  });
});
