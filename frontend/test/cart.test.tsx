import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contract from '../../contracts/store.json';
import { CART_KEY } from '@/lib/bff/queries';
import type { Cart, CartItem, StoreDocument } from '@/lib/bff/types';
import {
  addedQuantity,
  EMPTY_CART,
  lineQuantity,
  MAX_LINE_QUANTITY,
  steppedQuantity,
  typedLineQuantity,
  withQuantity,
} from '@/components/store/cart';
import { CartButton, CartModal } from '@/components/store/CartModal';
import { ProductModal } from '@/components/store/ProductModal';
import { StoreIndex } from '@/components/store/StoreIndex';
import { shownProduct, shownStore, type ShownStore } from '@/components/store/shownStore';
import { useCart, useCartWriter } from '@/components/store/useCart';
import { problem, sentBody, stubFetch, type StubAnswer } from './fetchStub';
import { nav } from './navigationMock';
import { renderWithSession, SIGNED_IN, VISITOR } from './session';
import { product, storeDocument } from './storeFixtures';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// The cart (spec 3 §2 'Cart modal', 'Product detail modal', §4 'Cart', 'Product modal', §5, §8):
// the quantity rules, the optimistic writes and their rollback, the modal and adding from a product.

const words = contract.messages;

const line = (id: string, quantity: number, over: Partial<CartItem> = {}): CartItem => ({
  id,
  title: `Title ${id}`,
  label: 'Brochure',
  image: `https://orders.test/images/${id}.svg`,
  quantity,
  stock: 500,
  ...over,
});

const cartOf = (...items: CartItem[]): Cart => ({ items, count: items.reduce((n, i) => n + i.quantity, 0) });

beforeEach(() => nav.reset());
afterEach(() => vi.unstubAllGlobals());

describe('cart quantities', () => {
  it('sets a line, adds a new one last, removes one below 1, and keeps the count', () => {
    const cart = cartOf(line('a', 2), line('b', 3));
    expect(withQuantity(cart, 'a', 7)).toEqual(cartOf(line('a', 7), line('b', 3)));
    expect(withQuantity(cart, 'c', 4, line('c', 0))).toEqual(cartOf(line('a', 2), line('b', 3), line('c', 4)));
    expect(withQuantity(cart, 'a', 0)).toEqual(cartOf(line('b', 3)));
    expect(withQuantity(cart, 'b', -5).count).toBe(2);
    // A line it does not hold and cannot show stays out.
    expect(withQuantity(cart, 'x', 3)).toEqual(cart);
    expect(withQuantity(undefined, 'c', 1, line('c', 0))).toEqual(cartOf(line('c', 1)));
    expect(lineQuantity(cart, 'b')).toBe(3);
    expect(lineQuantity(cart, 'x')).toBe(0);
    expect(lineQuantity(undefined, 'a')).toBe(0);
  });

  it('moves one step with minus and plus, within 1 and 100000', () => {
    expect(steppedQuantity(5, 1)).toBe(6);
    expect(steppedQuantity(5, -1)).toBe(4);
    expect(steppedQuantity(1, -1)).toBe(1);
    expect(steppedQuantity(MAX_LINE_QUANTITY, 1)).toBe(100_000);
  });

  it('reads a typed value only when it is a whole number, refusing more than 100000', () => {
    expect(typedLineQuantity('12', 3)).toEqual({ kind: 'set', quantity: 12 });
    expect(typedLineQuantity(' 100000 ', 3)).toEqual({ kind: 'set', quantity: 100_000 });
    expect(typedLineQuantity('100001', 3)).toEqual({ kind: 'tooMany' });
    expect(typedLineQuantity('0', 3)).toEqual({ kind: 'set', quantity: 0 });
    expect(typedLineQuantity('3', 3)).toEqual({ kind: 'keep' });
    for (const text of ['', '-2', '2.5', '1e3', 'ten']) expect(typedLineQuantity(text, 3)).toEqual({ kind: 'keep' });
  });

  it('adds to what the cart holds, and refuses to pass 100000', () => {
    expect(addedQuantity(0, 1)).toBe(1);
    expect(addedQuantity(4, 6)).toBe(10);
    expect(addedQuantity(99_999, 1)).toBe(100_000);
    expect(addedQuantity(99_999, 2)).toBeNull();
  });
});

/**
 * The BFF's cart behind fetch: PUT /api/v1/cart/items/{id} sets a line and answers the cart. With
 * `hold`, each answer waits until the test releases it, to look at the optimistic state.
 */
function cartServer(start: Cart, { hold = false, fail }: { hold?: boolean; fail?: (quantity: number) => StubAnswer | undefined } = {}) {
  let server = start;
  const waiting: (() => void)[] = [];
  const fetch = stubFetch((url, init) => {
    const id = decodeURIComponent(url.split('/').pop() ?? '');
    const { quantity } = JSON.parse(String(init.body)) as { quantity: number };
    const answer = () => {
      const failure = fail?.(quantity);
      if (failure) return failure;
      const known = server.items.find((i) => i.id === id) ?? line(id, 0);
      server = withQuantity(server, id, quantity, known);
      return { body: server };
    };
    if (!hold) return answer();
    return new Promise<StubAnswer>((resolve) => waiting.push(() => resolve(answer())));
  });
  return {
    fetch,
    sent: () => fetch.mock.calls.map((_, n) => (sentBody(fetch, n) as { quantity: number }).quantity),
    server: () => server,
    /** Answers the oldest waiting request. */
    release: async () => {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      await act(async () => waiting.shift()?.());
    },
  };
}

/** The cart as an add opens it ('Added to Your Cart'), unless `added` says otherwise. */
function CartHarness({ initial, added = true }: { initial: Cart; added?: boolean }) {
  const cart = useCart(initial);
  const writer = useCartWriter();
  return (
    <>
      <CartButton count={cart.data?.count} onOpen={() => undefined} />
      <CartModal cart={cart.data} writer={writer} onClose={() => undefined} added={added} />
    </>
  );
}

const lineOf = (id: string) => screen.getAllByTestId('cart-line').find((li) => li.dataset.productId === id)!;
const quantityOf = (id: string) => within(lineOf(id)).getByRole('spinbutton') as HTMLInputElement;
const plus = (id: string) => within(lineOf(id)).getByRole('button', { name: 'Increase quantity' });
const minus = (id: string) => within(lineOf(id)).getByRole('button', { name: 'Decrease quantity' });
const messages = () => screen.getByTestId('status-messages').textContent ?? '';

describe('the cart modal', () => {
  it("lists each line with its label, title and quantity, and offers Continue and 'Add More Materials'", () => {
    renderWithSession(<CartHarness initial={cartOf(line('a', 2), line('b', 1, { image: undefined }))} />, SIGNED_IN);
    const dialog = screen.getByRole('dialog', { name: 'Added to Your Cart' });
    expect(within(dialog).getAllByTestId('cart-line')).toHaveLength(2);
    expect(within(lineOf('a')).getByText('Brochure')).toBeTruthy();
    expect(within(lineOf('a')).getByText('Title a')).toBeTruthy();
    expect(quantityOf('a').value).toBe('2');
    expect(quantityOf('a').min).toBe('1');
    expect(quantityOf('a').max).toBe('100000');
    expect(lineOf('b').querySelector('img')).toBeNull();
    // A broken image is hidden.
    fireEvent.error(lineOf('a').querySelector('img')!);
    expect(lineOf('a').querySelector('img')).toBeNull();
    expect(within(dialog).getByRole('link', { name: /Continue/ }).getAttribute('href')).toBe('/store/checkout');
    expect(within(dialog).getByRole('link', { name: 'Add More Materials' }).getAttribute('href')).toBe('/store');
    // At 1, minus goes no lower: Remove is the way out.
    expect((minus('b') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Cart 3 items in your cart' })).toBeTruthy();
  });

  it("is titled 'Your Cart' when opened to look at it, 'Added to Your Cart' only after an add", () => {
    renderWithSession(<CartHarness initial={cartOf(line('a', 2))} added={false} />);
    expect(screen.getByRole('dialog', { name: words.cartTitleView })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: words.cartTitle })).toBeNull();
  });

  it("sends a visitor's Continue to the login modal over this page, and checkout after it", () => {
    nav.go('/store?cart=open');
    renderWithSession(<CartHarness initial={cartOf(line('a', 2))} />, VISITOR);
    const href = within(screen.getByRole('dialog')).getByRole('link', { name: /Continue/ }).getAttribute('href') ?? '';
    const url = new URL(href, 'http://site.invalid');
    expect(url.pathname).toBe('/store');
    expect(url.searchParams.get('modal')).toBe('login');
    expect(url.searchParams.get('destination')).toBe('/store/checkout');
    // The cart stays open under the login modal.
    expect(url.searchParams.get('cart')).toBe('open');
  });

  it("says 'Your cart is empty.' without Continue or 'Add More Materials'", () => {
    renderWithSession(<CartHarness initial={EMPTY_CART} />);
    const dialog = screen.getByRole('dialog', { name: 'Added to Your Cart' });
    expect(within(dialog).getByText(words.cartEmpty)).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('changes at once on plus, and five quick clicks end at +5 on the BFF', async () => {
    const bff = cartServer(cartOf(line('a', 2)), { hold: true });
    const { client } = renderWithSession(<CartHarness initial={cartOf(line('a', 2))} />);
    // Each click builds on the cached cart, before any answer and before React has drawn it.
    for (let i = 0; i < 5; i++) fireEvent.click(plus('a'));
    expect(client.getQueryData<Cart>(CART_KEY)?.count).toBe(7);
    await waitFor(() => expect(quantityOf('a').value).toBe('7'));
    expect(screen.getByRole('button', { name: 'Cart 7 items in your cart' })).toBeTruthy();

    // One write at a time: the first click's, then one carrying the four that came meanwhile.
    await bff.release();
    expect(quantityOf('a').value).toBe('7');
    await bff.release();
    await waitFor(() => expect(bff.sent()).toEqual([3, 7]));
    expect(bff.server().items[0]?.quantity).toBe(7);
    expect(quantityOf('a').value).toBe('7');
    await waitFor(() => expect(messages()).toContain('Title a quantity has been updated'));
  });

  it('sends a typed value when it is committed, not on every keystroke', async () => {
    const bff = cartServer(cartOf(line('a', 2)));
    renderWithSession(<CartHarness initial={cartOf(line('a', 2))} />);
    fireEvent.change(quantityOf('a'), { target: { value: '4' } });
    fireEvent.change(quantityOf('a'), { target: { value: '40' } });
    expect(bff.fetch).not.toHaveBeenCalled();
    fireEvent.keyDown(quantityOf('a'), { key: 'Enter' });
    await waitFor(() => expect(bff.sent()).toEqual([40]));
    expect(quantityOf('a').value).toBe('40');

    fireEvent.change(quantityOf('a'), { target: { value: '41' } });
    fireEvent.blur(quantityOf('a'));
    await waitFor(() => expect(bff.sent()).toEqual([40, 41]));
    // Something that is not a whole number, or nothing at all, puts the quantity back.
    fireEvent.change(quantityOf('a'), { target: { value: '' } });
    fireEvent.blur(quantityOf('a'));
    expect(quantityOf('a').value).toBe('41');
    expect(bff.sent()).toEqual([40, 41]);
  });

  it('refuses a typed value above 100000 before sending, keeping the quantity', async () => {
    const bff = cartServer(cartOf(line('a', 2)));
    renderWithSession(<CartHarness initial={cartOf(line('a', 2))} />);
    fireEvent.change(quantityOf('a'), { target: { value: '100001' } });
    fireEvent.blur(quantityOf('a'));
    expect(quantityOf('a').value).toBe('2');
    expect(bff.fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(messages()).toContain('Product quantities can not be greater then 100,000'));
  });

  it('removes a line with Remove (quantity 0), and says so', async () => {
    const bff = cartServer(cartOf(line('a', 2), line('b', 1)));
    renderWithSession(<CartHarness initial={cartOf(line('a', 2), line('b', 1))} />);
    fireEvent.click(within(lineOf('a')).getByRole('button', { name: 'Remove' }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    await waitFor(() => expect(bff.sent()).toEqual([0]));
    expect(bff.fetch.mock.calls[0]?.[0]).toBe('/api/v1/cart/items/a');
    expect(bff.fetch.mock.calls[0]?.[1]?.method).toBe('PUT');
    await waitFor(() => expect(messages()).toContain('Title a has been removed from your cart'));
    fireEvent.click(within(lineOf('b')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByText(words.cartEmpty)).toBeTruthy());
  });

  it('rolls back and says so when the BFF fails', async () => {
    const bff = cartServer(cartOf(line('a', 2)), { hold: true, fail: () => problem(503, words.cartSaveFailed) });
    const { client } = renderWithSession(<CartHarness initial={cartOf(line('a', 2))} />);
    fireEvent.click(plus('a'));
    expect(quantityOf('a').value).toBe('3');
    await bff.release();
    await waitFor(() => expect(quantityOf('a').value).toBe('2'));
    expect(client.getQueryData<Cart>(CART_KEY)).toEqual(cartOf(line('a', 2)));
    expect(messages()).toContain(words.cartSaveFailed);
  });

  it("rolls back to the BFF's last answer and shows its refusal in its words", async () => {
    let calls = 0;
    const bff = cartServer(cartOf(line('a', 2)), {
      fail: () => (++calls === 2 ? problem(400, words.cartOutOfStock) : undefined),
    });
    renderWithSession(<CartHarness initial={cartOf(line('a', 2))} />);
    fireEvent.click(plus('a'));
    await waitFor(() => expect(bff.sent()).toEqual([3]));
    await waitFor(() => expect(messages()).toContain('quantity has been updated'));
    fireEvent.click(plus('a'));
    await waitFor(() => expect(messages()).toContain(words.cartOutOfStock));
    expect(quantityOf('a').value).toBe('3');
  });

  it('network trouble is the cart message, not the network words', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithSession(<CartHarness initial={cartOf(line('a', 2))} />);
    fireEvent.click(plus('a'));
    await waitFor(() => expect(messages()).toContain(words.cartSaveFailed));
    expect(quantityOf('a').value).toBe('2');
  });
});

describe('Add to Cart', () => {
  it('is allowed only above 0 and while in stock', () => {
    const add = vi.fn(async () => true);
    const { unmount } = renderWithSession(<ProductModal product={shownProduct(product('a'))} onClose={() => undefined} onAdd={add} />);
    const button = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(add).not.toHaveBeenCalled();
    unmount();

    renderWithSession(<ProductModal product={shownProduct(product('t', { stock: 0 }))} onClose={() => undefined} onAdd={add} />);
    expect(screen.getByText('Out of Stock')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('runs one add at a time: clicks while it runs are dropped', async () => {
    let finish: (ok: boolean) => void = () => undefined;
    const add = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    renderWithSession(<ProductModal product={shownProduct(product('a'))} onClose={() => undefined} onAdd={add} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('button', { name: 'Adding…' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adding…' }));
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith(1);
    await act(async () => finish(true));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });

  const store = (over: Partial<StoreDocument> = {}): ShownStore =>
    shownStore(storeDocument({ products: [product('a'), product('b')], ...over }));

  it('adds the chosen quantity to what the cart holds, then shows the cart in place of the product', async () => {
    const bff = cartServer(cartOf(line('a', 3)));
    renderWithSession(<StoreIndex store={store()} initialCart={cartOf(line('a', 3))} />, VISITOR);
    expect(screen.getByRole('button', { name: 'Cart 3 items in your cart' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Title a' }));
    const modal = screen.getByRole('dialog', { name: 'Title a' });
    fireEvent.change(within(modal).getByLabelText('Quantity'), { target: { value: '4' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Added to Your Cart' })).toBeTruthy());
    expect(screen.queryByRole('dialog', { name: 'Title a' })).toBeNull();
    expect(bff.sent()).toEqual([7]);
    expect(quantityOf('a').value).toBe('7');
    await waitFor(() => expect(messages()).toContain('Title a has been added to your cart'));
    expect(screen.getByRole('button', { name: 'Cart 7 items in your cart' })).toBeTruthy();

    // A new line comes last.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Title b' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Title b' })).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line').map((li) => li.dataset.productId)).toEqual(['a', 'b']));
  });

  it('refuses to pass 100000 without sending, and keeps the product open', async () => {
    const bff = cartServer(cartOf(line('a', 99_999)));
    renderWithSession(<StoreIndex store={store()} initialCart={cartOf(line('a', 99_999))} />, VISITOR);
    fireEvent.click(screen.getByRole('button', { name: 'Title a' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(bff.fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(messages()).toContain('Product quantities can not be greater then 100,000'));
    expect(screen.getByRole('dialog', { name: 'Title a' })).toBeTruthy();
  });

  it("says the BFF's refusal, rolls back, and keeps the product open", async () => {
    cartServer(EMPTY_CART, { fail: () => problem(400, words.cartOutOfStock) });
    const { client } = renderWithSession(<StoreIndex store={store()} initialCart={EMPTY_CART} />, VISITOR);
    fireEvent.click(screen.getByRole('button', { name: 'Title b' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(messages()).toContain(words.cartOutOfStock));
    expect(client.getQueryData<Cart>(CART_KEY)).toEqual(EMPTY_CART);
    expect(screen.getByRole('dialog', { name: 'Title b' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cart 0 items in your cart' })).toBeTruthy();
  });
});
