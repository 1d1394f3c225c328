import Link from 'next/link';
import type { ReactNode } from 'react';
import { FAVORITES_HREF, accountHref } from '@/lib/accountRoutes';
import type { CaseSummary, OrderSummary } from '@/lib/bff/types';
import { formatDisplayDate } from '@/lib/dates';
import { grantMessage } from '@/lib/grants';
import type { MemberHomeData } from '@/lib/memberHome';
import { storeMessage } from '@/lib/store';
import { ArrowLink, SmartLink } from '@/components/common/SmartLink';
import styles from './MemberHome.module.css';

/** The hardship help page (a CMS category page), where a member without a case can apply. */
export const HARDSHIP_HELP_HREF = '/hardship-help';
export const STORE_HREF = '/store';

/** How many cases and favorites the band lists; the rest are a link away. */
const SHOWN_CASES = 3;
const SHOWN_FAVORITES = 4;

/**
 * A signed-in member's home page opens with this band above the union's content: a greeting with
 * their union, then where their grant applications stand, their latest order and a few
 * favorites, each with a way on to the full list, and each saying so when there is nothing yet
 * or when it could not be read. Rendered on the server with the page (app/(site)/page.tsx);
 * never on a cached visitor's page, which app/visitor renders without it.
 */
export function MemberHome({ home }: { home: MemberHomeData }) {
  return (
    <section className={styles.band} aria-labelledby="member-home-title">
      <div className={`container ${styles.inner}`}>
        <div className={styles.head}>
          <h2 id="member-home-title" className={styles.greeting}>
            {home.firstName ? `Welcome back, ${home.firstName}` : 'Welcome back'}
          </h2>
          {home.union && <p className={styles.union}>{home.union}</p>}
        </div>
        <div className={styles.parts}>
          <CasesPart uid={home.uid} cases={home.cases} />
          <OrdersPart uid={home.uid} orders={home.orders} />
          <FavoritesPart uid={home.uid} favorites={home.favorites} />
        </div>
      </div>
    </section>
  );
}

interface PartProps {
  id: string;
  title: string;
  /** The way on: the full list, or what to do when there is nothing yet. */
  more: { url: string; title: string };
  children: ReactNode;
}

function Part({ id, title, more, children }: PartProps) {
  return (
    <section className={styles.part} aria-labelledby={id}>
      <h3 id={id} className={styles.partTitle}>
        {title}
      </h3>
      <div className={styles.partBody}>{children}</div>
      <ArrowLink link={more} className={styles.more} />
    </section>
  );
}

/** Said in place of a part whose upstream failed; the rest of the page is unaffected. */
function Unavailable({ what }: { what: string }) {
  return <p className={styles.note}>Your {what} could not be loaded right now. Please try again later.</p>;
}

function CasesPart({ uid, cases }: { uid: string; cases: MemberHomeData['cases'] }) {
  const forms = accountHref(uid, 'forms');
  if (cases === null) {
    return (
      <Part id="member-home-cases" title="Your applications" more={{ url: forms, title: 'Go to My Forms' }}>
        <Unavailable what="applications" />
      </Part>
    );
  }
  if (cases.length === 0) {
    return (
      <Part id="member-home-cases" title="Your applications" more={{ url: HARDSHIP_HELP_HREF, title: 'Apply for hardship help' }}>
        <p className={styles.note}>{grantMessage('noCases')}</p>
      </Part>
    );
  }
  const more = cases.length > SHOWN_CASES ? `See all ${cases.length} in My Forms` : 'See them in My Forms';
  return (
    <Part id="member-home-cases" title="Your applications" more={{ url: forms, title: more }}>
      <ul className={styles.list}>
        {cases.slice(0, SHOWN_CASES).map((item) => (
          <li key={item.id}>
            <Link href={`${forms}#case-${item.id}`} className={styles.itemLink}>
              {item.title}
            </Link>
            <CaseState item={item} />
          </li>
        ))}
      </ul>
    </Part>
  );
}

/**
 * Where a case stands, as My Forms says it (spec 2 §4): the status line ('Sending', 'Unknown')
 * while it has no confirmation number, the number once it has one.
 */
function CaseState({ item }: { item: CaseSummary }) {
  const state = item.nsId ? `Confirmation number ${item.nsId}` : item.statusLine ? `Status: ${item.statusLine}` : null;
  return (
    <div className={styles.detail} data-testid="home-case-status">
      <p>Submitted {formatDisplayDate(item.submitted)}</p>
      {state && <p className={styles.state}>{state}</p>}
    </div>
  );
}

function OrdersPart({ uid, orders }: { uid: string; orders: MemberHomeData['orders'] }) {
  const history = { url: accountHref(uid, 'orders'), title: 'View order history' };
  if (orders === null) {
    return (
      <Part id="member-home-orders" title="Your latest order" more={history}>
        <Unavailable what="orders" />
      </Part>
    );
  }
  if (!orders.latest) {
    return (
      <Part id="member-home-orders" title="Your latest order" more={{ url: STORE_HREF, title: 'Visit the store' }}>
        <p className={styles.note}>{storeMessage('ordersEmpty')}</p>
      </Part>
    );
  }
  return (
    <Part id="member-home-orders" title="Your latest order" more={history}>
      <LatestOrder order={orders.latest} />
    </Part>
  );
}

function LatestOrder({ order }: { order: OrderSummary }) {
  const items = order.items.length;
  return (
    <>
      <p className={styles.itemTitle}>{storeMessage('orderNumber', { number: order.orderNumber })}</p>
      <p className={styles.detail}>
        {storeMessage('orderPlaced', { date: formatDisplayDate(order.created) })}
        <span aria-hidden="true"> · </span>
        {items === 1 ? '1 item' : `${items} items`}
      </p>
    </>
  );
}

function FavoritesPart({ uid, favorites }: { uid: string; favorites: MemberHomeData['favorites'] }) {
  const all = { url: FAVORITES_HREF, title: 'See all favorites' };
  if (favorites === null) {
    return (
      <Part id="member-home-favorites" title="Your favorites" more={all}>
        <Unavailable what="favorites" />
      </Part>
    );
  }
  if (favorites.length === 0) {
    return (
      <Part id="member-home-favorites" title="Your favorites" more={{ url: accountHref(uid), title: 'Browse My Benefits' }}>
        <p className={styles.note}>You have no favorites yet. Tap the heart on a benefit to keep it here.</p>
      </Part>
    );
  }
  const more = favorites.length > SHOWN_FAVORITES ? { ...all, title: `See all ${favorites.length} favorites` } : all;
  return (
    <Part id="member-home-favorites" title="Your favorites" more={more}>
      <ul className={styles.list}>
        {favorites.slice(0, SHOWN_FAVORITES).map((item) => (
          <li key={item.id}>
            <SmartLink link={{ url: item.url, title: item.title }} className={styles.itemLink} />
          </li>
        ))}
      </ul>
    </Part>
  );
}
