import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistory as History, OrderSummary } from '@/lib/bff/types';
import { OrderHistory } from '@/components/store/OrderHistory';
import { pagerOf, settledPage } from '@/components/store/orderPaging';
import { problem, stubFetch } from './fetchStub';
import { renderWithSession, SIGNED_IN } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// My Orders (spec 3 §2 'Order history', §4 'Orders pager', §8 broken images, §9 5 per page): the
// pager's rules, and the list paging through the BFF.

const scrolled = vi.fn();
beforeEach(() => {
  scrolled.mockClear();
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => vi.unstubAllGlobals());

const order = (n: number): OrderSummary => ({
  orderNumber: `SO-10${n}`,
  created: `2025-0${n}-05T10:00:00Z`,
  items: [{ id: `p-${n}`, label: 'Brochure', title: `Material ${n}`, image: `https://orders.test/images/p-${n}.svg`, quantity: 1000 + n }],
});

/** Page `page` of a history of `total` orders, newest (highest number) first. */
function history(total: number, page: number): History {
  const all = Array.from({ length: total }, (_, i) => order(total - i));
  return { orders: all.slice((page - 1) * 5, page * 5), page, pages: Math.max(1, Math.ceil(total / 5)), total, pageSize: 5 };
}

function render(initial?: History) {
  return renderWithSession(
    <section>
      <h2 id="orders-heading" tabIndex={-1}>
        My Orders
      </h2>
      <OrderHistory initial={initial} headingId="orders-heading" />
    </section>,
    SIGNED_IN,
  );
}

const orders = () => screen.getAllByTestId('order').map((li) => within(li).getByRole('heading', { level: 3 }).textContent);
const pager = () => screen.queryByRole('navigation', { name: 'Pages of your orders' });

describe('pagerOf', () => {
  it('shows only when there is more than one page', () => {
    expect(pagerOf(1, 1).shown).toBe(false);
    expect(pagerOf(1, 0).shown).toBe(false);
    expect(pagerOf(1, 2)).toEqual({ shown: true, previous: null, next: 2, label: '1 of 2' });
  });

  it('goes up or down by one, never past either end', () => {
    expect(pagerOf(2, 3)).toEqual({ shown: true, previous: 1, next: 3, label: '2 of 3' });
    expect(pagerOf(3, 3)).toMatchObject({ previous: 2, next: null, label: '3 of 3' });
    expect(pagerOf(9, 3)).toMatchObject({ previous: 2, next: null, label: '3 of 3' });
    expect(pagerOf(0, 3)).toMatchObject({ previous: null, next: 2, label: '1 of 3' });
  });

  it('follows the page the BFF answered with', () => {
    expect(settledPage(3, 2)).toBe(2);
    expect(settledPage(2, 2)).toBe(2);
    expect(settledPage(2, undefined)).toBe(2);
  });
});

describe('OrderHistory', () => {
  it('pages through seven orders five at a time, scrolling to the heading and focusing it', async () => {
    const fetch = stubFetch((url) => {
      if (url === '/api/v1/orders?page=2') return { body: history(7, 2) };
      return { status: 404, body: {} };
    });
    render(history(7, 1));
    expect(orders()).toEqual(['Order #SO-107', 'Order #SO-106', 'Order #SO-105', 'Order #SO-104', 'Order #SO-103']);
    expect(within(pager()!).getByText('1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(orders()).toEqual(['Order #SO-102', 'Order #SO-101']));
    expect(within(pager()!).getByText('2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('heading', { level: 2 }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(orders()[0]).toBe('Order #SO-107'));
    expect(within(pager()!).getByText('1 of 2')).toBeTruthy();
    expect(scrolled).toHaveBeenCalledTimes(2);
    // Page 1 came from the server and is still fresh: no second call.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows each order's number, date and items with label, title, image and quantity", () => {
    stubFetch(() => ({ status: 404, body: {} }));
    render(history(1, 1));
    const card = screen.getByTestId('order');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Order #SO-101');
    expect(within(card).getByText('Placed January 05, 2025').getAttribute('dateTime')).toBe('2025-01-05T10:00:00Z');
    const item = within(card).getByTestId('order-item');
    expect(item.textContent).toBe('BrochureMaterial 1Quantity: 1,001');
    expect(item.querySelector('img')?.getAttribute('src')).toBe('https://orders.test/images/p-1.svg');
  });

  it('hides a broken image', () => {
    stubFetch(() => ({ status: 404, body: {} }));
    render(history(1, 1));
    const item = screen.getByTestId('order-item');
    fireEvent.error(item.querySelector('img')!);
    expect(item.querySelector('img')).toBeNull();
    expect(item.textContent).toContain('Material 1');
  });

  it('has no pager with one page, and a way back to the store', () => {
    stubFetch(() => ({ status: 404, body: {} }));
    render(history(5, 1));
    expect(orders()).toHaveLength(5);
    expect(pager()).toBeNull();
    expect(screen.getByRole('link', { name: /Return to Store/ }).getAttribute('href')).toBe('/store');
  });

  it('says when there are no orders yet, without a pager', () => {
    stubFetch(() => ({ status: 404, body: {} }));
    render(history(0, 1));
    expect(screen.getByText('You have not placed any orders yet. Free printed materials for your union are in the store.')).toBeTruthy();
    expect(screen.queryAllByTestId('order')).toHaveLength(0);
    expect(pager()).toBeNull();
    expect(screen.getByRole('link', { name: /Return to Store/ }).getAttribute('href')).toBe('/store');
  });

  it("asks the BFF itself when the server could not, and says the BFF's words with a Try again", async () => {
    const words = 'We could not load your orders. Please refresh and try again or contact us at 800-472-2005.';
    let down = true;
    const fetch = stubFetch((url) => {
      if (url !== '/api/v1/orders') return { status: 404, body: {} };
      return down ? problem(503, words) : { body: history(2, 1) };
    });
    render(undefined);
    expect(screen.getByRole('status')).toBeTruthy(); // loading
    expect((await screen.findByRole('alert')).textContent).toContain(words);

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(orders()).toEqual(['Order #SO-102', 'Order #SO-101']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
