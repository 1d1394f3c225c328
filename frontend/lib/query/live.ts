'use client';

import type { MutationKey, QueryKey, QueryObserverOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onQueryLoad } from './load';

/**
 * A query read by a part every page draws at once (the session, the header's cart count), without
 * TanStack in the page's first scripts: until TanStack has loaded (asked for when the part mounts,
 * after the page is live) it answers `shown`, what the server rendered; then it follows a
 * QueryObserver of the tab's client, exactly as useQuery would, so a write anywhere shows here
 * too, and `shown` stands in while the query has no data. Screens inside a QueryScope use
 * TanStack's own hooks.
 */
export function useLiveQuery<T>(options: QueryObserverOptions<T, Error, T, T, QueryKey>, shown: T): T {
  // The same value as the server's (its placeholder or initial data) renders nothing again: each
  // part of the page reading the session would otherwise render twice as TanStack arrives.
  const [data, setData] = useState<T>(shown);
  const key = JSON.stringify(options.queryKey);
  useEffect(() => {
    let unsubscribe = () => {};
    const cancel = onQueryLoad(({ tabQueryClient, QueryObserver }) => {
      const observer = new QueryObserver<T, Error, T, T, QueryKey>(tabQueryClient(), options);
      setData(observer.getCurrentResult().data ?? shown);
      unsubscribe = observer.subscribe((result) => setData(result.data ?? shown));
    });
    return () => {
      cancel();
      unsubscribe();
    };
    // One observer per key, made with the options and `shown` of the render that asked for it:
    // the server's value and the fetcher of a key do not change while a page shows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return data;
}

/**
 * How many writes (useBffMutation) are running, of one key or all: useIsMutating without TanStack
 * in the first scripts. Every write runs on the tab's client once TanStack has loaded, so before
 * that none is running.
 */
export function useMutating(mutationKey?: MutationKey): number {
  const [count, setCount] = useState(0);
  const key = JSON.stringify(mutationKey ?? null);
  useEffect(() => {
    let unsubscribe = () => {};
    const cancel = onQueryLoad(({ tabQueryClient }) => {
      const client = tabQueryClient();
      const read = () => setCount(client.isMutating(mutationKey ? { mutationKey } : undefined));
      read();
      unsubscribe = client.getMutationCache().subscribe(read);
    });
    return () => {
      cancel();
      unsubscribe();
    };
    // The key's words stand for the key: a new array of the same key is the same count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return count;
}
