// The store's documents, as the store and cart tests build them.
import contract from '../../contracts/store.json';
import type { StoreDocument, StoreProduct } from '@/lib/bff/types';

export const STATES = contract.states;
export const PHONE = '800-472-2005';
export const LEADERS_EMAIL = 'leaders@example.org';

/** A product in stock, shipped to three states. */
export const product = (id: string, over: Partial<StoreProduct> = {}): StoreProduct => ({
  id,
  title: `Title ${id}`,
  label: 'Brochure',
  image: `https://orders.test/images/${id}.svg`,
  description: `About ${id}.`,
  stock: 10,
  states: ['Alabama', 'Alaska', 'New York'],
  favoriteId: `product:${id}`,
  ...over,
});

/** The store for a member shipping to New York, with no products unless `over` brings some. */
export const storeDocument = (over: Partial<StoreDocument> = {}): StoreDocument => ({
  featured: [],
  products: [],
  state: { code: 'NY', title: 'New York' },
  states: STATES,
  phone: PHONE,
  leadersEmail: LEADERS_EMAIL,
  promos: [],
  ...over,
});
