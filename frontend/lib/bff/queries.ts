// What a page's first scripts may take from the browser's BFF client: TanStack Query's keys, the
// cart's query, and `browserCalls`, which loads the calls themselves (browser.ts, with every
// address and the transport). Every page draws the session, the header's cart, sign-out, the
// favorites' hearts and the mailing sign-up, yet calls nothing before TanStack has loaded after
// hydration or before a press: so their calls load then, and no page's first scripts carry them
// (issue 38). A page that calls the BFF as it renders (the store, the account pages) imports
// browser.ts itself, and this import then costs nothing.
import { unreachable } from './error';
import type { Cart } from './types';

/**
 * The browser's calls to the BFF, loaded with the first one (a module loads once). If their code
 * cannot be fetched (offline, say) the call fails as an unreachable BFF does, in the same words,
 * and the next call asks for the code again.
 */
export const browserCalls = () =>
  import('./browser').catch((cause: unknown) => {
    throw unreachable('LOAD', 'lib/bff/browser.ts', cause);
  });

/** The TanStack Query key of the session; every sign-in, sign-out or change writes or invalidates it. */
export const SESSION_KEY = ['session'] as const;

/**
 * The TanStack Query key of the member's cases (My Forms, the uploads). Cases are personal: sign-out
 * removes every query under it (spec 2 §6: case records are cleared on logout).
 */
export const CASES_KEY = ['cases'] as const;

/** The TanStack Query key of a case's documents; under CASES_KEY, so sign-out clears it too. */
export const caseFilesKey = (caseId: string) => [...CASES_KEY, caseId, 'files'] as const;

/**
 * The TanStack Query key of the member's order history (My Orders); one entry per page. Orders are
 * personal: sign-out removes every query under it.
 */
export const ORDERS_KEY = ['orders'] as const;

/** The key of one page of the order history. */
export const ordersKey = (page: number) => [...ORDERS_KEY, page] as const;

/**
 * The TanStack Query key of the reader's cart (a member's, or a visitor's by the BFF's cookie).
 * Signing in or out changes whose cart it is: both invalidate it.
 */
export const CART_KEY = ['cart'] as const;

/**
 * The reader's cart as a query, for every component that shows it (the store, checkout, the
 * header's cart link), so they share one copy. `initial` is what the server read for the request
 * the page was rendered for. The cart changes through this tab's writes, which answer it, or a
 * sign-in or sign-out, which invalidate it: what the server read a moment ago is still true. A
 * failed read is not tried again (spec 3 §4: it reads as an empty cart).
 */
export function cartQuery(initial?: Cart) {
  return {
    queryKey: CART_KEY,
    queryFn: async ({ signal }: { signal?: AbortSignal }) => (await browserCalls()).cartApi.get(signal),
    initialData: initial,
    staleTime: 60_000,
    retry: false,
  } as const;
}

/** The TanStack Query key of partner sign-in: a partner's popup document, and the connected sites. */
export const PARTNERS_KEY = ['partners'] as const;
export const partnerKey = (id: string, uid?: string) => [...PARTNERS_KEY, id, uid ?? null] as const;
export const CONNECTED_SITES_KEY = [...PARTNERS_KEY, 'connected'] as const;
