// Renders components that read the session (useSession) or show status messages, with a session
// the test chooses and no call to the BFF: the session query is seeded and stays fresh.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { SESSION_KEY } from '@/lib/bff/queries';
import { setTabQueryClient } from '@/lib/query/client';
import type { Member, Session } from '@/lib/bff/types';
import { SessionProvider } from '@/components/session/SessionProvider';
import { StatusMessageRegion, StatusMessagesProvider } from '@/components/status/StatusMessages';

export const UNIONS: Session['visibleUnions'] = [
  { id: '7', unionLabel: 'United Steelworkers (USW)' },
  { id: '12', unionLabel: 'Communications Workers of America (CWA)' },
];

export const VISITOR: Session = { signedIn: false, loginEnabled: true, visibleUnions: UNIONS, emailSubscribed: false };

export const MEMBER: Member = {
  uid: 'u-123',
  email: 'member@example.com',
  emailVerified: true,
  firstName: 'Pat',
  lastName: 'Member',
  isEmailSubscribed: false,
  favorites: [],
};

export const SIGNED_IN: Session = { ...VISITOR, signedIn: true, user: MEMBER };

export const OFFLINE: Session = {
  ...VISITOR,
  loginEnabled: false,
  loginOfflineMessage: 'Union Benefits log in is temporarily offline for maintenance. Please check back soon.',
};

/**
 * A query client for one test: no retries, the session already answered. It is the tab's client
 * (lib/query/client.ts) for the test, so live queries and writes use it too.
 */
export function sessionClient(session: Session): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(SESSION_KEY, session);
  setTabQueryClient(client);
  return client;
}

/** Renders with the session and status-message providers of the root layout (and its region). */
export function renderWithSession(ui: ReactElement, session: Session = VISITOR, options?: RenderOptions) {
  const client = sessionClient(session);
  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <SessionProvider initial={session}>
          <StatusMessagesProvider timings={{ enter: 0, autoClose: 60_000, leave: 0 }}>
            {children}
            <StatusMessageRegion />
          </StatusMessagesProvider>
        </SessionProvider>
      </QueryClientProvider>
    );
  }
  return { client, ...render(ui, { wrapper: Providers, ...options }) };
}
