import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '@/components/layout/Footer';
import { site } from './examples';
import { nav } from './navigationMock';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

describe('Footer on a popup (the partner login)', () => {
  afterEach(() => nav.reset());

  it('keeps the copyright and the legal links but leaves out the logo and the navigation', () => {
    nav.go('/login/partner/test-partner');
    const chrome = site();
    const { container } = render(<Footer productName={chrome.productName} footer={chrome.footer} />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(chrome.footer.copyright);
    for (const link of chrome.footer.bottomLinks) {
      expect(screen.getByText(link.title).closest('a')?.getAttribute('href')).toBe(link.url);
    }
    expect(screen.queryByText(chrome.productName)).toBeNull();
    expect(container.querySelector('svg')).toBeNull(); // no logo, no social icons
    expect(screen.queryAllByRole('navigation')).toHaveLength(0);
    expect(screen.queryByTestId('footer-groups')).toBeNull();
  });

  it('is the full footer on every other page', () => {
    const chrome = site();
    render(<Footer productName={chrome.productName} footer={chrome.footer} />);
    expect(screen.getByText(chrome.productName)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeTruthy();
    expect(screen.getByTestId('footer-groups')).toBeTruthy();
  });
});
