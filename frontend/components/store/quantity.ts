// The product modal's quantity (spec 3 §2 'Product detail modal', §5 'Cart and product', §9): a
// whole number from 0, 1 at first, one step per minus or plus. The cart's ceiling (100000)
// bounds it too; the cart's own rules (1 to 100000 a line) are in cart.ts.

/** The quantity a product modal opens with. */
export const DEFAULT_QUANTITY = 1;
/** The least quantity: 0 is allowed in the modal, though nothing can be added at 0. */
export const MIN_QUANTITY = 0;
/** The cart's ceiling (spec 3 §9). */
export const MAX_QUANTITY = 100_000;

/** A quantity kept within MIN_QUANTITY and MAX_QUANTITY, as a whole number. */
export function clampQuantity(n: number): number {
  if (!Number.isFinite(n)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(n)));
}

/**
 * The quantity a typed value means: digits only (an empty field is 0); anything else keeps the
 * quantity it had.
 */
export function typedQuantity(text: string, current: number): number {
  const t = text.trim();
  if (t === '') return MIN_QUANTITY;
  if (!/^\d+$/.test(t)) return current;
  return clampQuantity(Number(t));
}

