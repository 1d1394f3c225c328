import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHostLoader } from '@/components/shell/ModalHostLoader';
import { nav } from './navigationMock';
import { renderWithSession } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The shell's modals are loaded when the address first asks for one, not with every page.

describe('ModalHostLoader', () => {
  beforeEach(() => nav.reset());

  it('draws nothing, and loads nothing, while the address asks for no modal', () => {
    renderWithSession(<ModalHostLoader />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says it is loading, then opens the modal the address asks for', async () => {
    nav.go('/benefits?modal=login');
    renderWithSession(<ModalHostLoader />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByRole('dialog', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
