import { describe, expect, it } from 'vitest';
import { destinationOf, loginHref, returnPath, safeReturnPath } from '@/lib/returnTo';

// The return target after sign-in: only a same-site path, whatever the address says.

describe('safeReturnPath', () => {
  it.each([
    ['/account/profile', '/account/profile'],
    ['/form/hospital-grant', '/form/hospital-grant'],
    ['/store/checkout', '/store/checkout'],
    ['/members-only?union=37#top', '/members-only?union=37#top'],
    ['/', '/'],
    ['/blog/a/../b', '/blog/b'],
    ['/benefits/caf%C3%A9', '/benefits/caf%C3%A9'],
  ])('keeps the same-site path %j', (raw, path) => {
    expect(safeReturnPath(raw)).toBe(path);
  });

  it.each([
    // Another site, spelled as a path.
    '//evil.example',
    '//evil.example/account',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\u0000/evil.example',
    '/./\\evil.example',
    '/.//evil.example',
    // Schemes.
    'https://evil.example/account',
    'http://evil.example',
    'HTTPS://EVIL.EXAMPLE',
    'javascript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:someone@example.com',
    // Not a path from the root, or nothing.
    'account/profile',
    ' /account',
    '',
    '/' + 'a'.repeat(3000),
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(['/account'])).toBeNull();
  });
});

describe('returnPath', () => {
  it('falls back to home for anything hostile', () => {
    expect(returnPath('//evil.example')).toBe('/');
    expect(returnPath('https://evil.example')).toBe('/');
    expect(returnPath(null)).toBe('/');
    expect(returnPath('/account/profile')).toBe('/account/profile');
  });
});

describe('loginHref', () => {
  it('opens the login modal at home with the route to come back to', () => {
    expect(loginHref('/form/hospital-grant')).toBe('/?modal=login&destination=%2Fform%2Fhospital-grant');
    expect(loginHref('/store/checkout?step=2')).toBe('/?modal=login&destination=%2Fstore%2Fcheckout%3Fstep%3D2');
  });

  it('carries no target that is home, missing or hostile', () => {
    expect(loginHref('/')).toBe('/?modal=login');
    expect(loginHref(undefined)).toBe('/?modal=login');
    expect(loginHref('//evil.example')).toBe('/?modal=login');
    expect(loginHref('javascript:alert(1)')).toBe('/?modal=login');
  });

  it('round-trips through the address', () => {
    const href = loginHref('/members-only?union=37#top');
    expect(destinationOf(new URL(href, 'http://site.example').search)).toBe('/members-only?union=37#top');
    expect(destinationOf('?destination=%2F%2Fevil.example')).toBeNull();
    expect(destinationOf(new URLSearchParams('destination=/%5Cevil.example'))).toBeNull();
  });
});
