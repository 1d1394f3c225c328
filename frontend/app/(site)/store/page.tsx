import type { Metadata } from 'next';
import { getCartOrNothing, getStore } from '@/lib/bff/server';
import { firstParam, requestUnion, type SearchParams } from '@/lib/request';
import { QueryScope } from '@/lib/query/QueryScope';
import { storeMessage } from '@/lib/store';
import { PageHero } from '@/components/heroes/PageHero';
import { StoreIndex } from '@/components/store/StoreIndex';
import { shownStore } from '@/components/store/shownStore';
import { StorePromos } from '@/components/store/StorePromos';
import styles from '@/components/store/Store.module.css';

export const metadata: Metadata = {
  title: storeMessage('storeTitle'),
  description: storeMessage('storeSubtitle'),
};

/**
 * The store index, /store (spec 3 §2): the hero, the notes, then the products of the visitor's
 * union (a member's own) for the shipping state kept in the up_store_state cookie, which the
 * BFF sets and reads, and the reader's cart, read here so its count is right on the first paint.
 * `?product=` opens that product's modal; `?cart=open` (the header's cart link) opens the cart.
 */
export default async function StorePage({ searchParams }: { searchParams: SearchParams }) {
  const [store, cart, params] = await Promise.all([getStore(await requestUnion()), getCartOrNothing(), searchParams]);
  return (
    <>
      <PageHero hero={{ variant: 'basic', headline: storeMessage('storeTitle'), description: storeMessage('storeSubtitle') }} />
      <section className={`container ${styles.notes}`} aria-label={storeMessage('notesLabel')}>
        <ul className={styles.notesList}>
          <li>{storeMessage('noteCustomised')}</li>
          <li>{storeMessage('noteSupply')}</li>
          <li>{storeMessage('noteDelivery')}</li>
        </ul>
      </section>
      <QueryScope>
        <StoreIndex store={shownStore(store)} initialProduct={firstParam(params.product)} initialCart={cart} />
      </QueryScope>
      <StorePromos promos={store.promos} />
    </>
  );
}
