'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { tabQueryClient } from './client';

/**
 * Lets a screen use TanStack Query's hooks from its first render (the store, search, the blog
 * list, the account pages, a form): its page wraps it, so TanStack's code comes with that page's
 * scripts and no other's. In the browser it is the tab's one client, the one the session, the cart
 * count and every write use too.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const [client] = useState(tabQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
