import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { setTabQueryClient } from '@/lib/query/client';
import { useLiveQuery, useMutating } from '@/lib/query/live';
import { deferred } from './deferred';

// lib/query/live.ts: how the parts every page draws at once (the session, the header's cart count,
// the ready flag) read the tab's query client without TanStack in the first scripts.

const KEY = ['greeting'] as const;
let client: QueryClient;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setTabQueryClient(client);
});

function Greeting({ shown, fetch }: { shown: string; fetch: () => Promise<string> }) {
  const greeting = useLiveQuery<string>({ queryKey: KEY, queryFn: fetch, placeholderData: shown }, shown);
  return <p data-testid="greeting">{greeting}</p>;
}

const greeting = () => screen.getByTestId('greeting').textContent;

describe('useLiveQuery', () => {
  it("shows the server's value until the query has its own, then the query's", async () => {
    const answer = deferred<string>();
    render(<Greeting shown="from the server" fetch={() => answer.promise} />);
    expect(greeting()).toBe('from the server');
    await act(async () => answer.resolve('from the BFF'));
    expect(greeting()).toBe('from the BFF');
  });

  it('follows a write made anywhere on the tab’s client', async () => {
    render(<Greeting shown="from the server" fetch={() => Promise.resolve('from the BFF')} />);
    await act(async () => undefined);
    act(() => void client.setQueryData(KEY, 'written by a sign-in'));
    expect(greeting()).toBe('written by a sign-in');
  });

  it("shows the latest server value while the query has none of its own (a failed read), as useQuery's data ?? value would", async () => {
    const view = render(<Greeting shown="first render" fetch={() => Promise.reject(new Error('offline'))} />);
    await act(async () => undefined);
    view.rerender(<Greeting shown="rendered again for a member" fetch={() => Promise.reject(new Error('offline'))} />);
    expect(greeting()).toBe('rendered again for a member');
  });
});

describe('useMutating', () => {
  function Count() {
    return <p data-testid="count">{useMutating(['auth'])}</p>;
  }
  function Write({ mutationKey, call }: { mutationKey: string[]; call: () => Promise<void> }) {
    const write = useBffMutation({ mutationKey, mutationFn: call });
    return (
      <button type="button" onClick={() => void write.run()}>
        {mutationKey.join('/')}
      </button>
    );
  }

  it('counts the writes of its key while they run, and no others', async () => {
    const signIn = deferred<void>();
    const favorite = deferred<void>();
    render(
      <>
        <Count />
        <Write mutationKey={['auth']} call={() => signIn.promise} />
        <Write mutationKey={['favorite']} call={() => favorite.promise} />
      </>,
    );
    const count = () => screen.getByTestId('count').textContent;
    expect(count()).toBe('0');
    await act(async () => screen.getByRole('button', { name: 'favorite' }).click());
    expect(count()).toBe('0');
    await act(async () => screen.getByRole('button', { name: 'auth' }).click());
    expect(count()).toBe('1');
    await act(async () => signIn.resolve());
    expect(count()).toBe('0');
    await act(async () => favorite.resolve());
  });
});
