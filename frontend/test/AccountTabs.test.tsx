import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountTabs } from '@/components/account/AccountTabs';

let segment: string | null = null;
vi.mock('next/navigation', async () => ({
  ...(await import('./navigationMock')).navigationMock,
  useSelectedLayoutSegment: () => segment,
}));

// The account hero's tabs (spec 1 §2): the tabs under the member's own uid and My Favorites, the current marked.

describe('AccountTabs', () => {
  beforeEach(() => {
    segment = null;
  });

  it('links every tab under the uid', () => {
    render(<AccountTabs uid="u-123" />);
    const nav = screen.getByRole('navigation', { name: 'My Account' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['My Benefits', '/account/u-123'],
      ['My Favorites', '/account/favorites'],
      ['My Profile', '/account/u-123/profile'],
      ['My Interests', '/account/u-123/interests'],
      ['My Forms', '/account/u-123/forms'],
      ['My Orders', '/account/u-123/orders'],
      ['Eligibility', '/account/u-123/eligibility'],
      ['Connected Sites', '/account/u-123/connected'],
    ]);
  });

  it('marks My Benefits on the index', () => {
    render(<AccountTabs uid="u-123" />);
    expect(screen.getByRole('link', { name: 'My Benefits' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'My Profile' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks the tab of the child segment, and only it', () => {
    segment = 'interests';
    render(<AccountTabs uid="u-123" />);
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['My Interests']);
  });

  it('marks My Favorites on the favorites page, which says so (it is outside the uid)', () => {
    segment = 'favorites';
    render(<AccountTabs uid="u-123" current="favorites" />);
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['My Favorites']);
  });
});
