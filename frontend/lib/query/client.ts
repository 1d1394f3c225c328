import { QueryClient, QueryObserver } from '@tanstack/react-query';

// TanStack Query's code, and the tab's one client. Nothing the first page load runs imports this
// module: the session, the header's cart count, the ready flag and every write reach it through
// load.ts once the page is live, so its 12 KB (gzipped) are not in any page's first scripts. Screens
// that read queries from their first render (the store, search, the blog list, the account pages)
// import it through QueryScope, and their chunks carry it.

export { QueryObserver };

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Pages arrive fully rendered from the server; refetching at once would only repeat that work.
      queries: { staleTime: 60_000, refetchOnWindowFocus: false },
    },
  });
}

let tabClient: QueryClient | undefined;

/**
 * The browser tab's one client, shared by every scope, binding and write. On the server each
 * caller gets one of its own: a render must never see another request's data.
 */
export function tabQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  return (tabClient ??= makeQueryClient());
}

/** Tests give each test a client of its own (test/setup.ts forgets it after each). */
export function setTabQueryClient(client: QueryClient | undefined): void {
  tabClient = client;
}
