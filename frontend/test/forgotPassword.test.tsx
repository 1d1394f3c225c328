import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '@/components/shell/ModalHost';
import { problem, stubFetch } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The Forgot Password modal's failures (spec 3 §8 'Reset failure'): the spec's words when the
// request failed on our side, the BFF's own words for a mistake of the reader's.

function ask(email = 'member@example.com') {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('ForgotPasswordForm', () => {
  beforeEach(() => {
    nav.reset();
    nav.go('/?modal=forgot');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says 'Sorry something went wrong please refresh and try again.' when the BFF fails", async () => {
    stubFetch(() => problem(503, 'The service is unavailable. Please try again shortly.'));
    renderWithSession(<ModalHost />);
    ask();
    expect(await screen.findByText('Sorry something went wrong please refresh and try again.')).toBeTruthy();
  });

  it('says the same when the connection is lost', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithSession(<ModalHost />);
    ask();
    expect(await screen.findByText('Sorry something went wrong please refresh and try again.')).toBeTruthy();
  });

  it("keeps the BFF's words for a mistake of the reader's", async () => {
    stubFetch(() => problem(429, 'Too many attempts. Please wait a minute and try again.'));
    renderWithSession(<ModalHost />);
    ask();
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeTruthy();
  });
});
