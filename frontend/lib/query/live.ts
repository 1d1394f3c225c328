'use client';

import type { MutationKey, QueryKey, QueryObserverOptions, QueryObserverResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onQueryLoad } from './load';

/**
 * A query read by a part every page draws at once (the session, the header's cart count), without
 * TanStack in the page's first scripts: until TanStack has loaded (asked for when the part mounts,
 * after the page is live) it answers `shown`, what the server rendered; then it follows a
 * QueryObserver of the tab's client, exactly as useQuery would, so a write anywhere shows here
 * too. While the query has no data of its own (a placeholder, or a failed read) it answers the
 * `shown` of the latest render, as `useQuery(...).data ?? shown` would. Screens inside a
 * QueryScope use TanStack's own hooks.
 */
export function useLiveQuery<T>(options: QueryObserverOptions<T, Error, T, T, QueryKey>, shown: T): T {
  // Only the query's own data is kept: a placeholder changes nothing, so the parts of the page
  // reading the session do not all render again as TanStack arrives.
  const [data, setData] = useState<T | undefined>(undefined);
  const key = JSON.stringify(options.queryKey);
  useEffect(() => {
    let unsubscribe = () => {};
    const cancel = onQueryLoad(({ tabQueryClient, QueryObserver }) => {
      const observer = new QueryObserver<T, Error, T, T, QueryKey>(tabQueryClient(), options);
      const read = (result: QueryObserverResult<T, Error>) => setData(result.isPlaceholderData ? undefined : result.data);
      read(observer.getCurrentResult());
      unsubscribe = observer.subscribe(read);
    });
    return () => {
      cancel();
      unsubscribe();
    };
    // One observer per key, made with the options of the render that asked for it: the fetcher
    // and the server's first value of a key do not change while a page shows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return data ?? shown;
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
