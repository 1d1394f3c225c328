'use client';

import type { MutationKey, QueryClient, QueryKey } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { loadedQuery, loadQuery } from '@/lib/query/load';
import { BffError } from './error';

/**
 * A guess at what a cached query will hold once the BFF has agreed, shown while the call runs
 * (a favorite's heart today; the cart's count tomorrow). A read of the query already under way is
 * not cancelled: it may replace the guess with what the BFF held before, until onSuccess writes
 * the answer.
 */
export interface OptimisticUpdate<TVars, TCached> {
  queryKey: QueryKey;
  /** The cached value as it should look while the call runs; `current` is undefined until the query has data. */
  update: (current: TCached | undefined, vars: TVars) => TCached;
}

export interface BffMutationOptions<TVars, TResult, TCached = unknown> {
  /** The write itself, usually one of browser.ts's calls. */
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** Lets other components see the write running (useMutating), e.g. the gate waiting on a sign-in. */
  mutationKey?: MutationKey;
  /** Rolled back if the call fails; on success, onSuccess writes the BFF's answer over it. */
  optimistic?: OptimisticUpdate<TVars, TCached>;
  /**
   * Runs while the write still counts as pending: a returned promise keeps the form busy until it
   * settles. `client` is the tab's query client, for the queries the answer changes.
   */
  onSuccess?: (result: TResult, vars: TVars, client: QueryClient) => unknown;
  /** Runs after any optimistic guess was rolled back. */
  onError?: (error: BffError, vars: TVars, client: QueryClient) => unknown;
}

export interface BffMutation<TVars, TResult> {
  /**
   * Starts the write, unless one is still running: then this call is dropped and answers the
   * running one's promise (spec 1 §4: tasks drop concurrent runs, so a double click sends once).
   * Never rejects: the promise answers the result, or undefined when the write failed.
   */
  run: (vars: TVars) => Promise<TResult | undefined>;
  /** From the moment run is called until onSuccess or onError has finished. */
  pending: boolean;
  /** The last failure; cleared by the next run. */
  error: BffError | null;
}

/**
 * The one way the frontend writes through the BFF: a TanStack mutation that runs one at a time,
 * with an optional optimistic update of a cached query. Every form, toggle and future cart or
 * checkout action uses it, so a double click, a rollback and a shown error behave alike.
 *
 * The mutation is built on the tab's client when it runs (what useMutation's observer does), so
 * a page whose only TanStack user is a form (the mailing form on home) loads TanStack's code when
 * the form is first sent, if the page has not loaded it already (lib/query/load.ts).
 */
export function useBffMutation<TVars = void, TResult = unknown, TCached = unknown>(
  options: BffMutationOptions<TVars, TResult, TCached>,
): BffMutation<TVars, TResult> {
  // The options of the latest render are the ones a run uses, as with useMutation.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  // React state alone would let a second click through before the re-render; the ref holds at once.
  const running = useRef<Promise<TResult | undefined> | null>(null);
  const [state, setState] = useState<{ pending: boolean; error: BffError | null }>({ pending: false, error: null });

  const run = useCallback((vars: TVars) => {
    if (running.current) return running.current;
    setState({ pending: true, error: null });
    const settle = (error: BffError | null) => {
      running.current = null;
      setState({ pending: false, error });
    };
    // Once TanStack has loaded the write starts in this task, so an optimistic guess shows with
    // the press; a write before that waits for its code.
    const loaded = loadedQuery();
    const started = loaded
      ? execute(loaded.tabQueryClient(), latest.current, vars)
      : loadQuery().then(({ tabQueryClient }) => execute(tabQueryClient(), latest.current, vars));
    const call = started.then(
      (result) => {
        settle(null);
        return result;
      },
      (error: unknown) => {
        settle(BffError.from(error));
        return undefined;
      },
    );
    running.current = call;
    return call;
  }, []);

  return { run, ...state };
}

/** Runs one write as a mutation of the tab's client, so useMutating sees it while it runs. */
function execute<TVars, TResult, TCached>(
  client: QueryClient,
  { mutationFn, mutationKey, optimistic, onSuccess, onError }: BffMutationOptions<TVars, TResult, TCached>,
  vars: TVars,
): Promise<TResult> {
  const mutation = client.getMutationCache().build<TResult, BffError, TVars, (() => void) | undefined>(client, {
    mutationKey,
    mutationFn: async (v) => {
      try {
        return await mutationFn(v);
      } catch (error) {
        throw BffError.from(error);
      }
    },
    onMutate: (v) => (optimistic ? guess(client, optimistic, v) : undefined),
    onSuccess: (result, v) => onSuccess?.(result, v, client),
    onError: (error, v, rollback) => {
      rollback?.();
      return onError?.(error, v, client);
    },
  });
  return mutation.execute(vars);
}

/** Writes the guess into the cache; answers how to take it back. */
function guess<TVars, TCached>(client: QueryClient, { queryKey, update }: OptimisticUpdate<TVars, TCached>, vars: TVars) {
  const before = client.getQueryCache().find({ queryKey, exact: true })?.state;
  const guessed = client.setQueryData<TCached>(queryKey, (current) => update(current, vars));
  return () => {
    const query = client.getQueryCache().find({ queryKey, exact: true });
    // Something wrote over the guess meanwhile (a read, another write): the snapshot is out of
    // date, so ask the BFF for the truth rather than bring back a stale value.
    if (!query || query.state.data !== guessed) void client.invalidateQueries({ queryKey, exact: true });
    else if (before) query.setState(before);
    else client.removeQueries({ queryKey, exact: true });
  };
}
