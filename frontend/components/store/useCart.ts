'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { cartApi } from '@/lib/bff/browser';
import { CART_KEY, cartQuery } from '@/lib/bff/queries';
import type { BffError } from '@/lib/bff/error';
import type { Cart } from '@/lib/bff/types';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { storeMessage, type StoreMessageKey } from '@/lib/store';
import { useStatusMessages } from '@/components/status/StatusMessages';
import { addedQuantity, lineQuantity, steppedQuantity, withQuantity, type CartProduct } from './cart';

/**
 * The reader's cart. `initial` is what the server read for this request (with the reader's
 * cookies), so the first paint already shows the right lines and count; without it the cart is
 * read on mount. A failed read is an empty cart to the caller (spec 3 §4).
 */
export function useCart(initial?: Cart) {
  return useQuery<Cart, BffError>(cartQuery(initial));
}

/** What a write did to its line, for the message that follows it. */
export type CartChange = 'added' | 'updated' | 'removed';

const DONE: Record<CartChange, StoreMessageKey> = { added: 'cartAdded', updated: 'cartUpdated', removed: 'cartRemoved' };

/** A line's wanted quantity, waiting to be sent; later changes of the same line fold into it. */
interface Pending {
  id: string;
  title: string;
  quantity: number;
  change: CartChange;
  /** How a line the cart does not hold yet is shown until the BFF answers. */
  product?: CartProduct;
  /** Told whether the BFF took the quantity. */
  settle: ((ok: boolean) => void)[];
}

/** An add followed by a change of the same line is still an add; a removal ends it. */
function folded(earlier: CartChange, later: CartChange): CartChange {
  if (later === 'removed') return 'removed';
  return earlier === 'added' ? 'added' : later;
}

/**
 * What the member is told when a write failed: a refusal (4xx) in the BFF's words, which are the
 * spec's ('Out of stock items can not be added to cart.', 'Product quantities can not be greater
 * then 100,000'); anything else 'We could not update your cart…' (spec 3 §7).
 */
export function cartFailureMessage(error: BffError): string {
  return error.status >= 400 && error.status < 500 ? error.detail : storeMessage('cartSaveFailed');
}

export interface CartWriter {
  /** Adds `chosen` of a product to what the cart holds of it; 'added' once the BFF has it. */
  add: (product: CartProduct, chosen: number) => Promise<boolean>;
  /** One step down or up. */
  step: (line: CartProduct, step: -1 | 1) => Promise<boolean>;
  /** A typed quantity, already checked (1 to 100000; 0 removes). */
  set: (line: CartProduct, quantity: number) => Promise<boolean>;
  remove: (line: CartProduct) => Promise<boolean>;
  /** Says 'Product quantities can not be greater then 100,000' for a value refused before sending. */
  tooMany: () => void;
}

/**
 * Every change of the cart, optimistic (spec 3 §4): the cached cart changes at once and each new
 * value is worked out from it, so quick clicks build on one another. Writes go to the BFF one at
 * a time through the one write hook, because each answer is the whole cart and two answers
 * arriving out of order would put an older cart over a newer one. Changes made while a write runs
 * wait, a line's folded into its latest value: the PUT is absolute, so five quick clicks on plus
 * end at +5 however many requests carry them. A failure puts back the cart the BFF last answered
 * (with the changes still waiting on top) and says why; after each write the member is told
 * '{title} has been added…', '…quantity has been updated' or '…removed from your cart'.
 * Call it once per page and hand it down: two writers would not wait for each other.
 */
export function useCartWriter(): CartWriter {
  const client = useQueryClient();
  const { push, close } = useStatusMessages();
  // One message of the cart's at a time: quick changes would otherwise stack a column of them
  // over the cart, which on a phone covers its heading and first line.
  const shown = useRef<number | null>(null);
  const say = useCallback(
    (message: string, type: 'success' | 'error' = 'success') => {
      if (shown.current !== null) close(shown.current);
      shown.current = push({ message, type });
    },
    [push, close],
  );
  const waiting = useRef<Pending[]>([]);
  const sending = useRef(false);
  // The cart as the BFF last answered it: what a failure rolls back to.
  const confirmed = useRef<Cart | undefined>(undefined);

  const withWaiting = useCallback(
    (cart: Cart | undefined) =>
      waiting.current.reduce<Cart | undefined>((c, p) => withQuantity(c, p.id, p.quantity, p.product), cart),
    [],
  );

  // The guess is made when the member clicks, not when the write starts, so the hook's own
  // optimistic option is not used; rolling back is done here against the confirmed cart.
  const write = useBffMutation<Pending, Cart>({
    mutationFn: (p) => cartApi.setQuantity(p.id, p.quantity),
    onSuccess: (cart, p) => {
      confirmed.current = cart;
      client.setQueryData<Cart>(CART_KEY, withWaiting(cart));
      say(storeMessage(DONE[p.change], { title: p.title }));
    },
    onError: (error) => {
      if (confirmed.current) client.setQueryData<Cart>(CART_KEY, withWaiting(confirmed.current));
      else void client.invalidateQueries({ queryKey: CART_KEY, exact: true });
      say(cartFailureMessage(error), 'error');
    },
  });
  const run = useRef(write.run);
  useEffect(() => {
    run.current = write.run;
  }, [write.run]);

  const send = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (let next = waiting.current.shift(); next; next = waiting.current.shift()) {
        const ok = (await run.current(next)) !== undefined;
        for (const settle of next.settle) settle(ok);
      }
    } finally {
      sending.current = false;
    }
  }, []);

  const change = useCallback(
    (line: CartProduct, quantityFrom: (current: number) => number | null, kind: CartChange): Promise<boolean> => {
      const before = client.getQueryData<Cart>(CART_KEY);
      const current = lineQuantity(before, line.id);
      const quantity = quantityFrom(current);
      if (quantity === null) {
        say(storeMessage('cartTooMany'), 'error');
        return Promise.resolve(false);
      }
      if (quantity === current) return Promise.resolve(true);
      // Nothing in the air: the cache is what the BFF holds.
      if (!sending.current && waiting.current.length === 0) confirmed.current = before;
      client.setQueryData<Cart>(CART_KEY, withQuantity(before, line.id, quantity, line));
      const kindNow: CartChange = quantity < 1 ? 'removed' : kind;
      return new Promise<boolean>((resolve) => {
        const queued = waiting.current.find((p) => p.id === line.id);
        if (queued) {
          queued.quantity = quantity;
          queued.change = folded(queued.change, kindNow);
          queued.settle.push(resolve);
        } else {
          waiting.current.push({ id: line.id, title: line.title, quantity, change: kindNow, product: line, settle: [resolve] });
        }
        void send();
      });
    },
    [client, say, send],
  );

  return useMemo<CartWriter>(
    () => ({
      add: (product, chosen) => change(product, (current) => addedQuantity(current, chosen), 'added'),
      step: (line, step) => change(line, (current) => steppedQuantity(current, step), 'updated'),
      set: (line, quantity) => change(line, () => quantity, 'updated'),
      remove: (line) => change(line, () => 0, 'removed'),
      tooMany: () => say(storeMessage('cartTooMany'), 'error'),
    }),
    [change, say],
  );
}
