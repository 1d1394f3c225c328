import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartnerDocument } from '@/lib/bff/types';
import { PartnerLogin } from '@/components/partners/PartnerLogin';
import { renderWithSession, SIGNED_IN } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

const partner = (over: Partial<PartnerDocument> = {}): PartnerDocument => ({
  id: 'travel',
  name: 'Member Travel',
  allowedOrigins: ['https://travel.example.org'],
  confirmationTitle: 'Sign in to Member Travel with your union account?',
  loginEnabled: true,
  member: { email: 'maria@example.com', emailVerified: true, confirmed: false },
  ...over,
});

describe('the partner sign-in popup asking for consent (spec 1 §2, state 2)', () => {
  beforeEach(() => {
    // The popup was opened by the partner's page.
    vi.stubGlobal('opener', { closed: false, postMessage: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the partner record's confirmation title", async () => {
    renderWithSession(<PartnerLogin initial={partner()} />, SIGNED_IN);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign in to Member Travel with your union account?');
  });

  it('falls back to the spec’s words when the record has no title, never an empty heading', async () => {
    renderWithSession(<PartnerLogin initial={partner({ confirmationTitle: '' })} />, SIGNED_IN);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Please confirm that Member Travel may sign you in.');
  });
});
