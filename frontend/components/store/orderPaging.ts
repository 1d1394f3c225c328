// The orders pager's rules (spec 3 §2 'Order history', §4 'Orders pager'), apart from React so they
// are tested on their own.
import { storeMessage } from '@/lib/store';

export interface Pager {
  /** Previous, Next and 'n of total' show only when there is more than one page. */
  shown: boolean;
  /** The page before, or null on the first. */
  previous: number | null;
  /** The page after, or null on the last. */
  next: number | null;
  /** 'n of total'. */
  label: string;
}

/** The pager of page `page` (1-based) of `pages`; the index goes up or down by one. */
export function pagerOf(page: number, pages: number): Pager {
  const last = Math.max(1, pages);
  const current = Math.min(Math.max(1, page), last);
  return {
    shown: last > 1,
    previous: current > 1 ? current - 1 : null,
    next: current < last ? current + 1 : null,
    label: storeMessage('pageOf', { n: current, total: last }),
  };
}

/**
 * The page to show after an answer for `asked`: the BFF answers a page past the last with the
 * last one, and says which in `page`, so the pager follows the answer.
 */
export function settledPage(asked: number, answered: number | undefined): number {
  return answered !== undefined && answered !== asked ? answered : asked;
}
