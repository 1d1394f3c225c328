// The cart's quantity rules (spec 3 §2 'Cart modal', §4 'Cart', §5 'Cart and product', §9): a line
// holds 1 to 100000; minus and plus move one step; a typed value is read when it is committed;
// 0 removes the line. The BFF refuses the same things with the same words; checking here first
// keeps a refused value from ever showing in the cart.
import type { Cart, CartItem } from '@/lib/bff/types';
import { storeLimits } from '@/lib/store';

/** The cart before anything is known of it, or after a failed read (spec 3 §4). */
export const EMPTY_CART: Cart = { items: [], count: 0 };

/** The least quantity a line keeps; below it the line goes. */
export const MIN_LINE_QUANTITY = 1;
/** The most of one product a cart may hold (spec 3 §9). */
export const MAX_LINE_QUANTITY: number = storeLimits.maxQuantity;

/** What a line shows of its product; the quantity is the cart's. */
export type CartProduct = Omit<CartItem, 'quantity'>;

/** How many of a product the cart holds; 0 when it has no line for it. */
export function lineQuantity(cart: Cart | undefined, id: string): number {
  return cart?.items.find((item) => item.id === id)?.quantity ?? 0;
}

/**
 * The cart with one line set to `quantity`, as the BFF will hold it: below 1 the line goes; a new
 * line (which needs `product` to be shown) goes last, since lines keep the order they were first
 * added in. The count follows.
 */
export function withQuantity(cart: Cart | undefined, id: string, quantity: number, product?: CartProduct): Cart {
  const items = cart?.items ?? [];
  const has = items.some((item) => item.id === id);
  let next: CartItem[];
  if (quantity < MIN_LINE_QUANTITY) next = items.filter((item) => item.id !== id);
  else if (has) next = items.map((item) => (item.id === id ? { ...item, quantity } : item));
  else if (product) next = [...items, { ...product, quantity }];
  else next = items;
  return { items: next, count: next.reduce((sum, item) => sum + item.quantity, 0) };
}

/** A line's quantity one step down or up, kept within 1 and 100000. */
export function steppedQuantity(current: number, step: -1 | 1): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(MIN_LINE_QUANTITY, current + step));
}

/**
 * What a typed value asks of a line, once committed (blur or Enter):
 * - `keep`: nothing to send: the value is the quantity it had, empty, or not a whole number;
 * - `set`: the new quantity, 0 meaning remove (spec 3 §4: below 1 removes the line);
 * - `tooMany`: above 100000, refused with 'Product quantities can not be greater then 100,000'.
 */
export type TypedQuantity = { kind: 'keep' } | { kind: 'set'; quantity: number } | { kind: 'tooMany' };

export function typedLineQuantity(text: string, current: number): TypedQuantity {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return { kind: 'keep' };
  const quantity = Number(t);
  if (quantity > MAX_LINE_QUANTITY) return { kind: 'tooMany' };
  if (quantity === current) return { kind: 'keep' };
  return { kind: 'set', quantity: quantity < MIN_LINE_QUANTITY ? 0 : quantity };
}

/**
 * The line's quantity after adding `chosen` of a product to the `inCart` it already has (the PUT
 * is absolute), or null when that would pass 100000: then nothing is sent.
 */
export function addedQuantity(inCart: number, chosen: number): number | null {
  const total = inCart + chosen;
  return total > MAX_LINE_QUANTITY ? null : total;
}
