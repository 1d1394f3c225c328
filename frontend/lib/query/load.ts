import type { QueryClient } from '@tanstack/react-query';

// How code that the first page load runs reaches TanStack Query: by importing client.ts on demand.
// A module that imports TanStack statically would put it in the first scripts of every page.

type Loaded = typeof import('./client');

let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;

/** TanStack Query's code and the tab's client, asked for once; a failed load is tried again. */
export function loadQuery(): Promise<Loaded> {
  loading ??= import('./client').then(
    (query) => (loaded = query),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Runs `act` with the tab's client: at once if TanStack is loaded (as it is in any write's
 * callbacks, so what they set is there before they return), else once it is.
 */
export async function withQueryClient<T>(act: (client: QueryClient) => T | Promise<T>): Promise<T> {
  const query = loaded ?? (await loadQuery());
  return act(query.tabQueryClient());
}

/**
 * Runs `act` once TanStack has loaded: at once if it has (so a part mounted later subscribes in
 * its own effect, before anything else can happen), else when it comes, unless cancelled first.
 * If its code cannot be fetched the part keeps what the server rendered; the next write asks again.
 */
export function onQueryLoad(act: (query: Loaded) => void): () => void {
  if (loaded) {
    act(loaded);
    return () => {};
  }
  let live = true;
  loadQuery().then(
    (query) => live && act(query),
    () => undefined,
  );
  return () => {
    live = false;
  };
}

/** TanStack Query's code if it has loaded, for a caller that must act in the same task when it can. */
export function loadedQuery(): Loaded | undefined {
  return loaded;
}
