import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '@/components/layout/Header';
import { site } from './examples';
import { renderWithSession } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

function renderHeader() {
  const chrome = site();
  renderWithSession(<Header productName={chrome.productName} menu={chrome.mainMenu} />);
  // Both menus are in the DOM and CSS shows one per breakpoint: the desktop bar is the header's
  // own child, the mobile menu sits in the panel of the menu button.
  const navs = screen.getAllByRole('navigation', { name: 'Main', hidden: true });
  const desktop = navs.find((nav) => nav.parentElement?.tagName === 'HEADER');
  const mobile = navs.find((nav) => nav !== desktop);
  if (!desktop || !mobile) throw new Error('expected a desktop and a mobile menu');
  return { chrome, desktop, mobile };
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
    const travel = within(desktop).getByRole('link', { name: 'Travel Center', hidden: true });
    expect(travel.getAttribute('href')).toBe('https://travel.example.org/union-benefits');
    expect(travel.getAttribute('target')).toBeNull();
  });

  it('opens the mobile menu from the menu button', () => {
    renderHeader();
    const button = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(panel?.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('offers only a way home when the chrome is missing', () => {
    renderWithSession(<Header menu={[]} />);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
