import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CART_KEY } from '@/lib/bff/queries';
import type { Cart } from '@/lib/bff/types';
import { HeaderCart } from '@/components/layout/HeaderCart';
import { renderWithSession } from './session';

// The header's cart link (issue 36): the cart is reachable from every page while it holds
// something, its count named, and it follows the cart the store changes.

const cart = (count: number): Cart => ({
  items: count > 0 ? [{ id: 'a', title: 'Member Benefit', label: 'Brochure', quantity: count, stock: 900 }] : [],
  count,
});

describe('HeaderCart', () => {
  it('is not there while the cart is empty', () => {
    renderWithSession(<HeaderCart initial={cart(0)} />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('leads to the store with its cart open, named with the count, and follows the cart', async () => {
    const { client } = renderWithSession(<HeaderCart initial={cart(1250)} />);
    const link = screen.getByRole('link', { name: 'Cart 1,250 items in your cart' });
    expect(link.getAttribute('href')).toBe('/store?cart=open');
    // The badge shows the figure its name says.
    expect(link.textContent).toBe('1,250');
    act(() => void client.setQueryData(CART_KEY, cart(3)));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart 3 items in your cart' }).textContent).toBe('3'));
    act(() => void client.setQueryData(CART_KEY, cart(0)));
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull());
  });
});
