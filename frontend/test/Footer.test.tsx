import { fireEvent, render, screen, within } from '@testing-library/react';
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

  it('draws each benefit group once: a heading over its links, with a fold button for narrow screens', () => {
    const chrome = renderFooter();
    const groups = screen.getByTestId('footer-groups');
    for (const group of chrome.footer.groups) {
      const heading = within(groups).getByRole('heading', { level: 2, name: new RegExp(group.title) });
      // The button CSS shows at 1000px and below, inside the heading, controlling the group's links.
      const fold = within(heading).getByRole('button', { name: group.title });
      const list = document.getElementById(fold.getAttribute('aria-controls') ?? '') as HTMLElement;
      for (const link of group.links) {
        const drawn = within(groups).getAllByRole('link', { name: new RegExp(link.title) });
        expect(drawn).toHaveLength(1);
        expect(drawn[0]?.getAttribute('href')).toBe(link.url);
        expect(list.contains(drawn[0] as HTMLElement)).toBe(true);
      }
    }
  });

  it('folds a group open and shut from its button', () => {
    renderFooter();
    const fold = within(screen.getByTestId('footer-groups')).getAllByRole('button')[0] as HTMLElement;
    const group = fold.closest('[data-open], div') as HTMLElement;
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(group.hasAttribute('data-open')).toBe(false);
    fireEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(group.hasAttribute('data-open')).toBe(true);
    fireEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks links that open a new tab', () => {
    renderFooter();
    const grid = screen.getByTestId('footer-groups');
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
