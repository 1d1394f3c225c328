import { describe, expect, it } from 'vitest';
import { accountHref, accountRedirect, ACCOUNT_TABS, LOGIN_HREF, tabOfSegment } from '@/lib/accountRoutes';

// The account area's routing rule (spec 1 §2).

describe('accountRedirect', () => {
  const own = 'u-123';

  it('sends a visitor home with the login modal, to come back to what was asked for', () => {
    expect(accountRedirect('x', 'profile', null)).toBe(LOGIN_HREF);
    expect(accountRedirect('u-123', undefined, null)).toBe('/?modal=login');
    // With the path asked for, the visitor comes back to it once signed in; never to another site.
    expect(accountRedirect('profile', 'benefits', null, '/account/profile')).toBe('/?modal=login&destination=%2Faccount%2Fprofile');
    expect(accountRedirect('x', 'orders', null, '/account/x/orders')).toBe('/?modal=login&destination=%2Faccount%2Fx%2Forders');
    expect(accountRedirect('x', 'orders', null, '//evil.example')).toBe('/?modal=login');
  });

  it.each([
    ['benefits', '/account/u-123'],
    ['profile', '/account/u-123/profile'],
    ['interests', '/account/u-123/interests'],
    ['forms', '/account/u-123/forms'],
    ['orders', '/account/u-123/orders'],
    ['eligibility', '/account/u-123/eligibility'],
  ])('reads account/%s as that tab of the member’s own account', (word, to) => {
    expect(accountRedirect(word, 'benefits', own)).toBe(to);
    expect(accountRedirect(word, undefined, own)).toBe(to);
  });

  it('sends another member’s uid to the same tab under one’s own', () => {
    expect(accountRedirect('demo-retiree-0002', 'benefits', own)).toBe('/account/u-123');
    expect(accountRedirect('demo-retiree-0002', 'interests', own)).toBe('/account/u-123/interests');
  });

  it('leaves another uid to the page where the tab is not known (the layout)', () => {
    expect(accountRedirect('demo-retiree-0002', undefined, own)).toBeNull();
  });

  it('shows one’s own account', () => {
    expect(accountRedirect(own, 'profile', own)).toBeNull();
    expect(accountRedirect(own, undefined, own)).toBeNull();
  });
});

describe('account tabs', () => {
  it('lists the seven tabs in order', () => {
    expect(ACCOUNT_TABS.map((t) => t.label)).toEqual([
      'My Benefits',
      'My Profile',
      'My Interests',
      'My Forms',
      'My Orders',
      'Eligibility',
      'Connected Sites',
    ]);
  });

  it('links My Benefits to the index and the others to their segment, the uid encoded', () => {
    expect(accountHref('u-1')).toBe('/account/u-1');
    expect(accountHref('u-1', 'orders')).toBe('/account/u-1/orders');
    expect(accountHref('a/b', 'profile')).toBe('/account/a%2Fb/profile');
  });

  it('finds the tab of a child segment', () => {
    expect(tabOfSegment(null)).toBe('benefits');
    expect(tabOfSegment('interests')).toBe('interests');
    expect(tabOfSegment('benefits')).toBeNull();
    expect(tabOfSegment('elsewhere')).toBeNull();
  });
});
