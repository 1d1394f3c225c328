// What a signed-in member's home page shows above the union's content (components/home/MemberHome):
// composed from the reads the account tabs already make, in parallel. Server only.
import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { getCases, getFavorites, getOrders, getSessionOrNull } from './bff/server';
import type { CaseSummary, FavoriteItem, OrderSummary } from './bff/types';

/** A part of the band: what was read, or null when its upstream failed (the part says so). */
export type HomePart<T> = T | null;

export interface MemberHomeData {
  uid: string;
  firstName: string;
  /** The member's union's name, when the profile names one. */
  union?: string;
  /** The member's grant cases, newest first. */
  cases: HomePart<CaseSummary[]>;
  /** The newest order (none yet: null latest) and how many there are. */
  orders: HomePart<{ latest: OrderSummary | null; total: number }>;
  favorites: HomePart<FavoriteItem[]>;
}

/**
 * How long the home page waits for each part. The page is rendered with the band, so a slow
 * upstream (the order system) would hold the whole home page for as long as the BFF waits for it
 * (its 15 s); past this the part says it could not load and the page goes out.
 */
const PART_DEADLINE_MS = 4000;

function within<T>(read: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

/** A settled read's value, or null (logged) when it failed. */
function partOf<T, U>(result: PromiseSettledResult<T>, what: string, shape: (value: T) => U): HomePart<U> {
  if (result.status === 'fulfilled') return shape(result.value);
  // Next signals a dynamic render by throwing; that is not a failure to swallow.
  unstable_rethrow(result.reason);
  console.error(`member home: ${what} unavailable`, result.reason);
  return null;
}

/**
 * The band's data for the member signed in, or null for anyone else (and when the session itself
 * cannot be read: the page is then the visitor's, as the layout's is). Each part is read at once
 * and fails on its own: orders being down leaves cases and favorites shown.
 */
export async function loadMemberHome(): Promise<MemberHomeData | null> {
  const member = (await getSessionOrNull())?.user;
  if (!member) return null;
  const [cases, orders, favorites] = await Promise.allSettled([
    within(getCases(), PART_DEADLINE_MS),
    within(getOrders(), PART_DEADLINE_MS),
    within(getFavorites(), PART_DEADLINE_MS),
  ]);
  return {
    uid: member.uid,
    firstName: member.firstName,
    union: member.union?.name,
    cases: partOf(cases, 'cases', ({ cases }) => [...cases].sort((a, b) => b.submitted.localeCompare(a.submitted))),
    orders: partOf(orders, 'orders', ({ orders, total }) => ({ latest: orders[0] ?? null, total })),
    favorites: partOf(favorites, 'favorites', ({ items }) => items),
  };
}
