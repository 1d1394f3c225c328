import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '@/components/layout/Footer';
import { site } from './examples';

describe('Footer, short variant', () => {
  it('keeps the copyright and the legal links but hides the logo and the navigation', () => {
    const chrome = site();
    const { container } = render(<Footer productName={chrome.productName} footer={chrome.footer} variant="short" />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(chrome.footer.copyright);
    for (const link of chrome.footer.bottomLinks) {
      expect(screen.getByText(link.title).closest('a')?.getAttribute('href')).toBe(link.url);
    }
    expect(screen.queryByText(chrome.productName)).toBeNull();
    expect(container.querySelector('svg')).toBeNull(); // no logo, no social icons
    expect(screen.queryAllByRole('navigation')).toHaveLength(0);
    expect(screen.queryByTestId('footer-grid')).toBeNull();
    expect(screen.queryByTestId('footer-accordion')).toBeNull();
  });

  it('is the full footer by default', () => {
    const chrome = site();
    render(<Footer productName={chrome.productName} footer={chrome.footer} />);
    expect(screen.getByText(chrome.productName)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeTruthy();
    expect(screen.getByTestId('footer-grid')).toBeTruthy();
  });
});
