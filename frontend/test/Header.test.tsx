import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '@/components/layout/Header';
import { site } from './examples';
import { renderWithSession } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);
import { nav } from './navigationMock';

function renderHeader() {
  const chrome = site();
  const { container } = renderWithSession(<Header productName={chrome.productName} menu={chrome.mainMenu} />);
  // One menu for every width: CSS lays it out as a bar or as the Menu button's panel.
  const [desktop, ...more] = screen.getAllByRole('navigation', { name: 'Main', hidden: true });
  if (!desktop || more.length > 0) throw new Error('expected one main menu');
  return { chrome, desktop, container };
}

describe('Header', () => {
  it('links the product name home', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Union Benefits' }).getAttribute('href')).toBe('/');
  });

  it('shows top-level links and disclosure buttons for sections with children', () => {
    const { desktop } = renderHeader();
    expect(within(desktop).getByRole('link', { name: 'Store' }).getAttribute('href')).toBe('/store');
    const benefits = within(desktop).getByRole('button', { name: 'Money & Credit' });
    expect(benefits.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a section panel with its overview and child links, and closes it on Escape', () => {
    const { desktop } = renderHeader();
    const button = within(desktop).getByRole('button', { name: 'Money & Credit' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(false);
    const links = within(panel as HTMLElement).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Money & Credit overview',
      'Your Union Credit Card',
      'Card Rewards',
      'Cardholder Hardship Grants',
      'Personal Loans',
      'Mortgage',
      'Credit Counseling',
    ]);
    fireEvent.keyDown(links[1] as HTMLElement, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('keeps only one section open', () => {
    const { desktop } = renderHeader();
    const benefits = within(desktop).getByRole('button', { name: 'Money & Credit' });
    const hardship = within(desktop).getByRole('button', { name: 'Hardship Help' });
    fireEvent.click(benefits);
    fireEvent.click(hardship);
    expect(benefits.getAttribute('aria-expanded')).toBe('false');
    expect(hardship.getAttribute('aria-expanded')).toBe('true');
  });

  it('sends external menu links out with a new-tab warning only when asked', () => {
    const { desktop } = renderHeader();
    fireEvent.click(within(desktop).getByRole('button', { name: /Travel/ }));
    const travel = within(desktop).getByRole('link', { name: 'Travel Center', hidden: true });
    expect(travel.getAttribute('href')).toBe('https://travel.example.org/union-benefits');
    expect(travel.getAttribute('target')).toBeNull();
  });

  it('opens the menu panel from the menu button, and closes it on Escape', () => {
    const { desktop } = renderHeader();
    const button = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    // The panel holds the one main menu; CSS hides it on narrow screens while it is closed.
    expect(panel?.contains(desktop)).toBe(true);
    expect(panel?.hasAttribute('data-open')).toBe(false);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hasAttribute('data-open')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(panel?.hasAttribute('data-open')).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('draws each menu link once, for every width', () => {
    const { chrome, container } = renderHeader();
    const section = chrome.mainMenu.find((item) => item.children.length > 0);
    const page = section?.children[0];
    if (!page) throw new Error('the example menu has a section with pages');
    // A section's links are drawn when it opens, once for both layouts.
    expect(container.querySelectorAll(`a[href="${page.url}"]`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: section.title, hidden: true }));
    expect(container.querySelectorAll(`a[href="${page.url}"]`)).toHaveLength(1);
  });

  it('leaves out everything but the brand on a popup', () => {
    nav.go('/login/partner/test-partner');
    try {
      renderWithSession(<Header productName="Union Benefits" menu={site().mainMenu} />);
      expect(screen.getByRole('link', { name: 'Union Benefits' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { hidden: true })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Menu', hidden: true })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Log in', hidden: true })).toBeNull();
    } finally {
      nav.reset();
    }
  });

  it('offers only a way home when the chrome is missing', () => {
    renderWithSession(<Header menu={[]} />);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
