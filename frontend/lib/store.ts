// The free-materials store (spec 3), from contracts/store.json: the BFF embeds the same file for
// its page size, the checkout's rules and the words of its answers, so the page and the BFF never
// say it two ways.
import contract from '../../contracts/store.json';
import { compilePatterns } from './contracts';

export type StoreMessageKey = keyof typeof contract.messages;

/** ordersPerPage (spec 3 §9: 5), maxPage, maxQuantity (100000), the cookies' lifetimes, otherMaxLength. */
export const storeLimits = contract.limits;

/** A message of the contract with its {placeholders} filled. */
export function storeMessage(key: StoreMessageKey, values: Record<string, string | number> = {}): string {
  return contract.messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

export { CART_HREF, CART_OPEN, CART_PARAM, STORE_HREF } from './storeLinks';

/** The 50 states and DC, by two-letter code and title. */
export const storeStates: readonly { code: string; title: string }[] = contract.states;

/** The title of a state's code, or undefined for a code that names none. */
export function stateTitle(code: string): string | undefined {
  return storeStates.find((s) => s.code === code)?.title;
}

// Checkout (spec 3 §3 'Checkout information', 'Checkout shipping', §5).

export type InformationField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'union'
  | 'unionNumber'
  | 'members'
  | 'worksites'
  | 'website';

export type ShippingField = 'address' | 'address2' | 'city' | 'state' | 'zip' | 'country';

/** How a field is entered and checked beyond required and maxLength. */
export type CheckoutFieldType = 'email' | 'tel' | 'number' | 'url' | 'state' | 'country';

/** One field of a checkout step, in the order the step shows it. */
export interface CheckoutField<N extends string = string> {
  name: N;
  label: string;
  required: boolean;
  maxLength: number;
  type?: CheckoutFieldType;
  /** Shown under the field, and its error when its value has the wrong form. */
  hint?: StoreMessageKey;
  autocomplete?: string;
}

export interface Choice {
  value: string;
  label: string;
}

const checkout = contract.checkout;

/** Step 1, 'Your Information'. */
export const informationFields = checkout.information as CheckoutField<InformationField>[];
/** Step 2, 'Shipping Information'. */
export const shippingFields = checkout.shipping as CheckoutField<ShippingField>[];
/** The material-use question's choices; `other` reveals a required text box. */
export const materialUses: readonly Choice[] = checkout.materialUses;
/** The value of the material use that asks for the member's own words. */
export const OTHER_USE = 'other';
/** How long the member's own words for `other` may be. */
export const otherMaxLength: number = contract.limits.otherMaxLength;
/**
 * The checkout's patterns, as the BFF holds each field to them (checkout.go): email, phone, zip,
 * number (members, worksites), unionNumber (which must not hold localWord) and website.
 */
export const checkoutPatterns = compilePatterns(contract.patterns);
/** The countries an order ships to: us (United States) and other (Canada). */
export const countries: readonly Choice[] = checkout.countries;
/** The country the shipping step starts with. */
export const DEFAULT_COUNTRY = 'us';
