import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareLinks } from '@/components/share/ShareLinks';
import { popupFeatures, sharedTitle, shareHref } from '@/components/share/share';
import { PENDING_LINK_KEY, rememberPendingLink, resumePendingLink, signupModalUrl } from '@/lib/pendingLink';

const URL_ = 'https://portal.example.org/blog/money-tips/budget';

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('ShareLinks', () => {
  it('shows twitter, facebook and email by default, sharing the product name without a title', () => {
    render(<ShareLinks url={URL_} productName="Union Benefits" />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('data-service'))).toEqual(['twitter', 'facebook', 'email']);
    expect(links[0]?.getAttribute('href')).toBe(
      `https://twitter.com/intent/tweet?text=Union%20Benefits&url=${encodeURIComponent(URL_)}`,
    );
    expect(links[2]?.getAttribute('href')).toMatch(/^mailto:\?subject=Union%20Benefits&body=/);
  });

  it('supports LinkedIn with title and URL', () => {
    expect(shareHref('linkedin', URL_, 'Budget tips')).toBe(
      `https://www.linkedin.com/shareArticle?mini=true&url=${encodeURIComponent(URL_)}&title=Budget%20tips`,
    );
    expect(shareHref('facebook', URL_, 'Budget tips')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(URL_)}&quote=Budget%20tips`,
    );
  });

  it('opens social shares in a 500 by 300 popup', () => {
    const popup = { opener: {} } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    render(<ShareLinks url={URL_} title="Budget tips" services={['facebook']} productName="Union Benefits" />);
    fireEvent.click(screen.getByRole('link', { name: /Facebook/ }));
    expect(open).toHaveBeenCalledOnce();
    expect(open.mock.calls[0]?.[2]).toMatch(/^width=500,height=300,/);
    expect(popup.opener).toBeNull();
  });

  it('shares the title when there is one, else the configured product name', () => {
    expect(sharedTitle('Budget tips', 'Acme Perks')).toBe('Budget tips');
    expect(sharedTitle(undefined, 'Acme Perks')).toBe('Acme Perks');
    expect(sharedTitle('  ', 'Acme Perks')).toBe('Acme Perks');
  });

  it('centres the popup over the window', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1300, outerHeight: 900 })).toBe(
      'width=500,height=300,left=500,top=350',
    );
  });
});

describe('pending link', () => {
  it('adds modal=signup to the current URL, keeping its query and hash', () => {
    expect(signupModalUrl(new URL('http://x/benefits?union=41#top'))).toBe('/benefits?union=41&modal=signup#top');
  });

  it('opens a _blank destination in a new window once, then forgets it', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    rememberPendingLink({ url: 'https://partner.example.com/q?[HARTFORD_PARAMS]', target: '_blank' });
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_LINK_KEY)!)).toEqual({
      url: 'https://partner.example.com/q?[HARTFORD_PARAMS]',
      target: '_blank',
    });
    expect(resumePendingLink()).toBe(true);
    expect(open).toHaveBeenCalledWith('https://partner.example.com/q?[HARTFORD_PARAMS]', '_blank', 'noopener');
    expect(resumePendingLink()).toBe(false);
  });

  it('ignores garbage in storage', () => {
    window.sessionStorage.setItem(PENDING_LINK_KEY, '{not json');
    expect(resumePendingLink()).toBe(false);
  });
});
