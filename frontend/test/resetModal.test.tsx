import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '@/components/shell/ModalHost';
import { problem, sentBody, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The forgot-password modal (spec 3 §4): the form, then the submitted state.

const button = () => screen.getByRole('button', { name: 'Send Reset Link' }) as HTMLButtonElement;
const typeEmail = (value: string) => fireEvent.change(screen.getByLabelText(/^Email/), { target: { value } });

describe('ResetModal', () => {
  beforeEach(() => {
    nav.reset();
    nav.go('/?modal=forgot');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('enables the button only for a valid email', () => {
    renderWithSession(<ModalHost />);
    expect(button().disabled).toBe(true);
    typeEmail('someone@example');
    expect(button().disabled).toBe(true);
    typeEmail('someone@example.com');
    expect(button().disabled).toBe(false);
  });

  it('asks for the link, then shows the submitted state in place of the form', async () => {
    const fetch = stubFetch(() => ({ status: 202, body: { message: 'Password reset successfully sent!' } }));
    renderWithSession(<ModalHost />);
    typeEmail('someone@example.com');
    fireEvent.click(button());

    const status = await screen.findByText('Check your email to reset your password');
    expect(status.closest('[role="status"]')?.textContent).toContain("Don't forget to check your spam folder.");
    // The BFF's answer shows as a success message, in its words.
    await waitFor(() =>
      expect(screen.getByTestId('status-messages').textContent).toContain('Password reset successfully sent!'),
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/password/forgot');
    expect(sentBody(fetch)).toEqual({ email: 'someone@example.com' });
  });

  it("opened on its own, 'Cancel' closes it (spec 3 §4: closes when standalone)", () => {
    renderWithSession(<ModalHost />);
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(nav.replace).toHaveBeenCalledWith('/', { scroll: false });
  });

  it("opened from the login modal, 'Cancel' goes back to login", () => {
    nav.go('/?modal=login');
    const view = renderWithSession(<ModalHost />);
    nav.go('/?modal=forgot');
    view.rerender(<ModalHost />);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/?modal=login');
  });

  it('disables the button while the request runs', async () => {
    stubFetch(() => new Promise(() => undefined));
    renderWithSession(<ModalHost />);
    typeEmail('someone@example.com');
    fireEvent.click(button());
    await waitFor(() => expect(button().disabled).toBe(true));
  });

  it('shows a failure in the modal and keeps the form', async () => {
    stubFetch(() => problem(429, 'Too many attempts. Please wait a few minutes and try again.'));
    renderWithSession(<ModalHost />);
    typeEmail('someone@example.com');
    fireEvent.click(button());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please wait a few minutes and try again.'),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
