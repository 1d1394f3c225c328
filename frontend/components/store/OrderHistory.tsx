'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { storeApi } from '@/lib/bff/browser';
import { ordersKey } from '@/lib/bff/queries';
import { BffError } from '@/lib/bff/error';
import type { OrderHistory as History, OrderLine, OrderSummary } from '@/lib/bff/types';
import { formatDisplayDate } from '@/lib/dates';
import { storeMessage } from '@/lib/store';
import { ButtonLink } from '@/components/common/ButtonLink';
import buttons from '@/components/common/ButtonLink.module.css';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { EmptyState } from '@/components/common/EmptyState';
import { pagerOf, settledPage } from './orderPaging';
import styles from './OrderHistory.module.css';

export interface OrderHistoryProps {
  /** The first page as the server fetched it; absent when that failed (the browser then asks). */
  initial?: History;
  /** The id of the heading above the list: paging scrolls it to the top and gives it the focus. */
  headingId: string;
}

const RETURN_TO_STORE = { url: '/store', title: storeMessage('returnToStore') };

/**
 * My Orders (spec 3 §2 'Order history', §4 'Orders pager'): the member's orders, newest first,
 * five to a page. Previous, Next and 'n of total' show only when there is more than one page;
 * paging scrolls the list's heading to the top and moves the focus to it, so keyboard and screen
 * reader users start the new page at its beginning. The page shown stays while the next loads.
 */
export function OrderHistory({ initial, headingId }: OrderHistoryProps) {
  const [page, setPage] = useState(1);
  const query = useQuery<History, BffError>({
    queryKey: ordersKey(page),
    queryFn: ({ signal }) => storeApi.orders(page, signal),
    initialData: page === 1 ? initial : undefined,
    placeholderData: keepPreviousData,
    // The server has just fetched the first page, and orders change only when this member places
    // one (a checkout must invalidate ORDERS_KEY): a page read a minute ago is still true.
    staleTime: 60_000,
    retry: false,
  });
  const data = query.data;

  // A page past the last is answered with the last one: follow the answer.
  const settled = settledPage(page, query.isPlaceholderData ? undefined : data?.page);
  if (settled !== page) setPage(settled);

  function goTo(next: number) {
    setPage(next);
    const heading = document.getElementById(headingId);
    if (heading) {
      heading.scrollIntoView({ block: 'start' });
      heading.focus({ preventScroll: true });
    }
  }

  if (query.isError) {
    return <OrdersError error={query.error} retry={() => void query.refetch()} />;
  }
  if (!data) return <LoadingIndicator />;
  if (data.total === 0) {
    return (
      <EmptyState action={<ButtonLink link={RETURN_TO_STORE} />}>{storeMessage('ordersEmpty')}</EmptyState>
    );
  }

  const loading = query.isPlaceholderData || query.isFetching;
  const pager = pagerOf(query.isPlaceholderData ? page : data.page, data.pages);
  return (
    <div className={styles.history}>
      <ol className={styles.list} aria-label={storeMessage('ordersListLabel')} aria-busy={loading} data-testid="order-list">
        {data.orders.map((order) => (
          <OrderCard key={order.orderNumber} order={order} />
        ))}
      </ol>
      {pager.shown && (
        <nav className={styles.pager} aria-label={storeMessage('pagerLabel')}>
          <PagerButton to={pager.previous} busy={query.isPlaceholderData} goTo={goTo}>
            {storeMessage('previous')}
          </PagerButton>
          <p className={styles.pageOf} aria-live="polite" data-testid="order-page">
            {pager.label}
          </p>
          <PagerButton to={pager.next} busy={query.isPlaceholderData} goTo={goTo}>
            {storeMessage('next')}
          </PagerButton>
        </nav>
      )}
      {query.isPlaceholderData && <LoadingIndicator />}
      <div className={styles.actions}>
        <ButtonLink link={RETURN_TO_STORE} />
      </div>
    </div>
  );
}

/** Previous or Next: off where there is no such page, and while a page is on its way. */
function PagerButton({ to, busy, goTo, children }: { to: number | null; busy: boolean; goTo: (page: number) => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`${buttons.button} ${buttons.secondary} ${styles.pagerButton}`}
      disabled={to === null || busy}
      onClick={() => to !== null && goTo(to)}
    >
      {children}
    </button>
  );
}

function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <li className={styles.order} data-testid="order">
      <div className={styles.orderHeader}>
        <h3 className={styles.orderNumber}>
          {storeMessage('orderNumber', { number: order.orderNumber })}
        </h3>
        <p className={styles.placed}>
          <time dateTime={order.created}>{storeMessage('orderPlaced', { date: formatDisplayDate(order.created) })}</time>
        </p>
      </div>
      <ul className={styles.items}>
        {order.items.map((item, i) => (
          <OrderItem key={`${item.id}-${i}`} item={item} />
        ))}
      </ul>
    </li>
  );
}

/** One line of an order; an image that fails to load is hidden (spec 3 §8). */
function OrderItem({ item }: { item: OrderLine }) {
  const [broken, setBroken] = useState(false);
  const image = item.image && !broken ? item.image : undefined;
  return (
    <li className={`${styles.item} ${image ? '' : styles.noImage}`} data-testid="order-item">
      {image && (
        // Decorative: the title beside it says what it is.
        // eslint-disable-next-line @next/next/no-img-element -- the order system's picture, from its host: the deployment runs no image optimizer
        <img className={styles.image} src={image} alt="" width={64} height={64} loading="lazy" decoding="async" onError={() => setBroken(true)} />
      )}
      <span className={styles.itemText}>
        <span className={styles.label}>{item.label}</span>
        <span className={styles.title}>{item.title}</span>
      </span>
      <span className={styles.quantity}>{storeMessage('quantity', { quantity: item.quantity.toLocaleString('en-US') })}</span>
    </li>
  );
}

function OrdersError({ error, retry }: { error: BffError; retry: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <p>{error.detail}</p>
      <div className={styles.actions}>
        <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={retry}>
          {storeMessage('tryAgain')}
        </button>
        <ButtonLink link={RETURN_TO_STORE} />
      </div>
    </div>
  );
}
