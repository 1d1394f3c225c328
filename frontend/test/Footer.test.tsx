import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '@/components/layout/Footer';
import { site } from './examples';

function renderFooter() {
  const chrome = site();
  render(<Footer productName={chrome.productName} footer={chrome.footer} />);
  return chrome;
}

describe('Footer', () => {
  it('links the logo home', () => {
    renderFooter();
    // getByText rather than getByRole: role queries over the whole footer are slow in jsdom.
    expect(screen.getByText('Union Benefits').closest('a')?.getAttribute('href')).toBe('/');
  });

  it('renders the top links', () => {
    renderFooter();
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['About Us', 'Contact', 'FAQ']);
  });

  it('names every social link after its network', () => {
    const chrome = renderFooter();
    for (const [name, social] of [
      ['Facebook', chrome.footer.social[0]],
      ['Instagram', chrome.footer.social[1]],
      ['Twitter', chrome.footer.social[2]],
      ['YouTube', chrome.footer.social[3]],
    ] as const) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(social?.url);
    }
  });

  it('renders each benefit group as a grid column and as an accordion section', () => {
    const chrome = renderFooter();
    const grid = screen.getByTestId('footer-grid');
    const accordion = screen.getByTestId('footer-accordion');
    for (const group of chrome.footer.groups) {
      expect(within(grid).getByRole('heading', { level: 2, name: group.title })).toBeTruthy();
      for (const link of group.links) {
        expect(within(grid).getByRole('link', { name: new RegExp(link.title) }).getAttribute('href')).toBe(link.url);
      }
    }
    const summaries = [...accordion.querySelectorAll('details > summary')].map((s) => s.textContent);
    expect(summaries).toEqual(chrome.footer.groups.map((g) => g.title));
  });

  it('marks links that open a new tab', () => {
    renderFooter();
    const grid = screen.getByTestId('footer-grid');
    const link = within(grid).getByRole('link', { name: 'Entertainment Tickets (opens in a new tab)' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows the copyright line and the bottom links', () => {
    const chrome = renderFooter();
    expect(screen.getByText(chrome.footer.copyright)).toBeTruthy();
    for (const link of chrome.footer.bottomLinks) {
      expect(screen.getByRole('link', { name: link.title }).getAttribute('href')).toBe(link.url);
    }
  });
});
