import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSafeDestination, PENDING_LINK_KEY, resumePendingLink } from '@/lib/pendingLink';

// resumePendingLink opens only http(s) addresses and paths of this site (spec 3 §4's
// [HARTFORD_PARAMS] links); sessionStorage is not trusted.

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('isSafeDestination', () => {
  it.each([
    'https://partner.example.com/q?[HARTFORD_PARAMS]',
    'http://partner.example.com/offer',
    'HTTPS://PARTNER.EXAMPLE.COM/',
    '/form/hardship',
    '/form/hardship?x=1#top',
    '/',
  ])('opens %j', (url) => {
    expect(isSafeDestination(url)).toBe(true);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:someone@example.com',
    'ftp://files.example.com/',
    '//evil.example/path',
    '/\\evil.example/path',
    '/\t/evil.example',
    '/\n/evil.example',
    'form/hardship',
    '',
    'https://',
  ])('never opens %j', (url) => {
    expect(isSafeDestination(url)).toBe(false);
  });
});

describe('resumePendingLink', () => {
  function remember(value: unknown) {
    window.sessionStorage.setItem(PENDING_LINK_KEY, JSON.stringify(value));
  }

  it('ignores and forgets a javascript: destination', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    remember({ url: 'javascript:alert(1)', target: '_blank' });
    expect(resumePendingLink()).toBe(false);
    expect(open).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(PENDING_LINK_KEY)).toBeNull();
  });

  it('ignores a path that leads to another host', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    remember({ url: '//evil.example/', target: '_blank' });
    expect(resumePendingLink()).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('opens a path of this site in a new window when asked', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    remember({ url: '/form/hardship', target: '_blank' });
    expect(resumePendingLink()).toBe(true);
    expect(open).toHaveBeenCalledWith('/form/hardship', '_blank', 'noopener');
  });
});
