// The store's addresses, apart from lib/store.ts (which holds the store's whole contract), so a
// link to the store from any page costs the page nothing more.

/** The store index. */
export const STORE_HREF = '/store';
/** The query parameter that opens the store's cart modal, and its value. */
export const CART_PARAM = 'cart';
export const CART_OPEN = 'open';
/** The store with its cart open: where the header's cart link leads from any page. */
export const CART_HREF = `${STORE_HREF}?${CART_PARAM}=${CART_OPEN}`;
