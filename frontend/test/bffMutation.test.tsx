import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BffError } from '@/lib/bff/error';
import { useBffMutation, type BffMutationOptions } from '@/lib/bff/useBffMutation';
import { setTabQueryClient } from '@/lib/query/client';
import { deferred } from './deferred';

// The one hook every write goes through: single flight, optimistic updates and their rollback.

const KEY = ['cart'] as const;
type Cart = { items: string[] };

type Options<TVars, TResult> = BffMutationOptions<TVars, TResult, Cart>;

/** The hook with a fresh tab client (a write needs no provider); `options` may use the client. */
function setup<TVars = void, TResult = unknown>(
  options: Options<TVars, TResult> | ((client: QueryClient) => Options<TVars, TResult>),
  cached?: Cart,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (cached) client.setQueryData(KEY, cached);
  setTabQueryClient(client);
  const resolved = typeof options === 'function' ? options(client) : options;
  const hook = renderHook(() => useBffMutation(resolved));
  return { client, hook };
}

const addItem = (current: Cart | undefined, item: string): Cart => ({ items: [...(current?.items ?? []), item] });
const refused = () => new BffError('BFF answered 409', { status: 409, code: 'conflict', detail: 'Out of stock.' });

describe('useBffMutation', () => {
  it('runs one write at a time: a second run answers the first one’s promise', async () => {
    const call = deferred<string>();
    const mutationFn = vi.fn(() => call.promise);
    const { hook } = setup({ mutationFn });

    let first: Promise<string | undefined> | undefined;
    let second: Promise<string | undefined> | undefined;
    act(() => {
      first = hook.result.current.run();
      second = hook.result.current.run();
    });
    expect(second).toBe(first);
    expect(hook.result.current.pending).toBe(true);

    await act(async () => call.resolve('done'));
    expect(await first).toBe('done');
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(hook.result.current.pending).toBe(false);

    mutationFn.mockResolvedValueOnce('again');
    await act(async () => expect(await hook.result.current.run()).toBe('again'));
    expect(mutationFn).toHaveBeenCalledTimes(2);
  });

  it('stays pending until onSuccess has finished', async () => {
    const after = deferred<void>();
    const { hook } = setup({ mutationFn: async () => 'saved', onSuccess: () => after.promise });
    act(() => void hook.result.current.run());
    await act(async () => undefined);
    expect(hook.result.current.pending).toBe(true);
    await act(async () => after.resolve());
    await waitFor(() => expect(hook.result.current.pending).toBe(false));
  });

  it('keeps the failure as a BffError, answers undefined, and clears it on the next run', async () => {
    const onError = vi.fn();
    const mutationFn = vi.fn<() => Promise<string>>().mockRejectedValueOnce(refused()).mockResolvedValueOnce('ok');
    const { hook, client } = setup<void, string>({ mutationFn, onError });

    let answer: unknown = 'unset';
    await act(async () => {
      answer = await hook.result.current.run();
    });
    expect(answer).toBeUndefined();
    expect(hook.result.current.error).toMatchObject({ status: 409, code: 'conflict', detail: 'Out of stock.' });
    expect(onError).toHaveBeenCalledWith(hook.result.current.error, undefined, client);

    await act(async () => void (await hook.result.current.run()));
    expect(hook.result.current.error).toBeNull();
  });

  it('turns anything else a write throws into a BffError whose detail is its message', async () => {
    const { hook } = setup({
      mutationFn: async () => {
        throw new TypeError('boom');
      },
    });
    await act(async () => void (await hook.result.current.run()));
    expect(hook.result.current.error).toBeInstanceOf(BffError);
    expect(hook.result.current.error).toMatchObject({ status: 0, detail: 'boom' });
  });

  it('shows the optimistic guess at once and leaves the answer to onSuccess', async () => {
    const call = deferred<Cart>();
    const { client, hook } = setup<string, Cart>(
      (queryClient) => ({
        mutationFn: () => call.promise,
        optimistic: { queryKey: KEY, update: addItem },
        onSuccess: (cart) => queryClient.setQueryData(KEY, cart),
      }),
      { items: ['a'] },
    );
    act(() => void hook.result.current.run('b'));
    expect(client.getQueryData(KEY)).toEqual({ items: ['a', 'b'] });
    await act(async () => call.resolve({ items: ['a', 'b', 'gift'] }));
    expect(client.getQueryData(KEY)).toEqual({ items: ['a', 'b', 'gift'] });
  });

  it('rolls the guess back when the write fails, before onError runs', async () => {
    const call = deferred<Cart>();
    let seen: unknown;
    const { client, hook } = setup<string, Cart>(
      (queryClient) => ({
        mutationFn: () => call.promise,
        optimistic: { queryKey: KEY, update: addItem },
        onError: () => {
          seen = queryClient.getQueryData(KEY);
        },
      }),
      { items: ['a'] },
    );
    act(() => void hook.result.current.run('b'));
    await act(async () => call.reject(refused()));
    expect(client.getQueryData(KEY)).toEqual({ items: ['a'] });
    expect(seen).toEqual({ items: ['a'] });
  });

  it('rolls back to nothing when the query had no data yet', async () => {
    const call = deferred<Cart>();
    const { client, hook } = setup<string, Cart>({ mutationFn: () => call.promise, optimistic: { queryKey: KEY, update: addItem } });
    act(() => void hook.result.current.run('b'));
    expect(client.getQueryData(KEY)).toEqual({ items: ['b'] });
    await act(async () => call.reject(refused()));
    expect(client.getQueryData(KEY)).toBeUndefined();
  });

  it('asks for the truth again, rather than restore a stale snapshot, when the cache changed meanwhile', async () => {
    const call = deferred<Cart>();
    const { client, hook } = setup<string, Cart>(
      { mutationFn: () => call.promise, optimistic: { queryKey: KEY, update: addItem } },
      { items: ['a'] },
    );
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    act(() => void hook.result.current.run('b'));
    act(() => void client.setQueryData(KEY, { items: ['a', 'b', 'c'] }));
    await act(async () => call.reject(refused()));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: KEY, exact: true });
    expect(client.getQueryData(KEY)).toEqual({ items: ['a', 'b', 'c'] });
  });
});
