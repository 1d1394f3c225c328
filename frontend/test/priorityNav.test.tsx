import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MainMenu, MainMenuProvider } from '@/components/layout/MainMenu';
import { menuEntries, sortByWeight, visibleCount } from '@/components/layout/priorityNav';
import type { MenuItem } from '@/lib/bff/types';
import { site } from './examples';

const item = (id: string, weight: number): MenuItem => ({ id, title: id, url: `/${id}`, weight, children: [] });

describe('visibleCount', () => {
  it('shows everything, with no More, when every item fits', () => {
    expect(visibleCount([100, 100, 100], 300, 80)).toBe(3);
    expect(visibleCount([100, 100, 100], 1000, 80)).toBe(3);
  });

  it('keeps the items that fit next to More when some do not', () => {
    // 4 × 100 in 350: not all fit; next to an 80 wide More, 270 remain: two items.
    expect(visibleCount([100, 100, 100, 100], 350, 80)).toBe(2);
  });

  it('counts an item as fitting when at least 99% of it is inside', () => {
    expect(visibleCount([100, 100], 199, 50)).toBe(2); // the second shows 99%
    expect(visibleCount([100, 100], 198.9, 50)).toBe(1); // 98.9%: under More
  });

  it('moves everything under More when not even the first fits beside it', () => {
    expect(visibleCount([300, 100], 320, 80)).toBe(0);
  });

  it('moves nothing while the bar has no room at all (hidden on phones)', () => {
    expect(visibleCount([100, 100], 0, 80)).toBe(2);
  });
});

describe('menuEntries', () => {
  it('gives the browser only what the menu draws: ids on top-level items, children only where there are some', () => {
    const section: MenuItem = {
      ...item('money', 1),
      children: [{ ...item('loans', 0), children: [item('rates', 0)] }, item('cards', 1)],
    };
    expect(menuEntries([section, item('about', 0)])).toEqual([
      { id: 'about', title: 'about', url: '/about' },
      {
        id: 'money',
        title: 'money',
        url: '/money',
        children: [{ title: 'loans', url: '/loans', children: [{ title: 'rates', url: '/rates' }] }, { title: 'cards', url: '/cards' }],
      },
    ]);
  });
});

describe('sortByWeight', () => {
  it('orders by weight and keeps the CMS order for equal weights', () => {
    const sorted = sortByWeight([item('c', 2), item('a', 0), item('b', 2), item('z', -1)]);
    expect(sorted.map((i) => i.id)).toEqual(['z', 'a', 'c', 'b']);
  });
});

describe('MainMenu as a priority navigation', () => {
  afterEach(() => vi.restoreAllMocks());

  /** A bar 450 px wide where each label (and More) is 100 px: three items and More fit. */
  function fakeLayout() {
    const original = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const rect = (left: number, width: number) =>
        ({ left, right: left + width, width, top: 0, bottom: 52, height: 52, x: left, y: 0 }) as DOMRect;
      if (this.parentElement?.getAttribute('aria-hidden') === 'true') return rect(0, 100);
      if (this.tagName === 'UL' && this.closest('nav')) return rect(0, 450);
      if (this.tagName === 'LI' && this.parentElement?.tagName === 'UL') return rect(0, 100);
      return original.call(this);
    });
  }

  it('renders every item in the bar when nothing was measured (the server HTML)', () => {
    const menu = site().mainMenu;
    render(
      <MainMenuProvider>
        <MainMenu items={menuEntries(menu)} />
      </MainMenuProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: 'More' })).toBeNull();
    const bar = nav.querySelector('ul') as HTMLElement;
    expect([...bar.children].map((li) => li.firstElementChild?.textContent)).toEqual(sortByWeight(menu).map((m) => m.title));
  });

  it('puts what does not fit under More, in weight order, and opens it from the keyboard', () => {
    fakeLayout();
    const menu = site().mainMenu;
    render(
      <MainMenuProvider>
        <MainMenu items={menuEntries([...menu].reverse())} />
      </MainMenuProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const bar = nav.querySelector('ul[data-measured]') as HTMLElement;
    const topLevel = [...bar.children].map((li) => li.firstElementChild?.textContent);
    const byWeight = sortByWeight(menu).map((m) => m.title);
    expect(topLevel).toEqual([...byWeight.slice(0, 3), 'More']);

    const more = within(nav).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(more.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.hidden).toBe(false);
    const moved = [...panel.querySelectorAll(':scope > ul > li')].map(
      (li) => li.firstElementChild?.textContent,
    );
    expect(moved).toEqual(byWeight.slice(3));
    // Escape closes it and gives focus back to the button.
    fireEvent.keyDown(panel.querySelector('a') as HTMLElement, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
  });
});
