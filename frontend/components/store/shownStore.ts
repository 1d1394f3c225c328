import type { StoreDocument, StoreProduct } from '@/lib/bff/types';
import { eligibleStates } from './states';

// The store document cut, on the server, to what the store's browser part (StoreIndex) draws:
// the page's payload carries a client component's props beside the HTML it renders, and the
// products' 51 state names each were most of the store page's bytes.

/** A product as the store's browser part draws it: its eligible states said once, as its modal shows them. */
export type ShownProduct = Omit<StoreProduct, 'states'> & { eligibleStates: string };

/** The store as StoreIndex draws it: its products cut as above; without the promos, which the page's server part draws. */
export type ShownStore = Omit<StoreDocument, 'featured' | 'products' | 'promos'> & {
  featured: ShownProduct[];
  products: ShownProduct[];
};

export function shownProduct({ states, ...product }: StoreProduct): ShownProduct {
  return { ...product, eligibleStates: eligibleStates(states) };
}

export function shownStore(store: StoreDocument): ShownStore {
  const { union, state, states, phone, leadersEmail } = store;
  return {
    ...(union ? { union } : {}),
    ...(state ? { state } : {}),
    states,
    phone,
    leadersEmail,
    featured: store.featured.map(shownProduct),
    products: store.products.map(shownProduct),
  };
}
