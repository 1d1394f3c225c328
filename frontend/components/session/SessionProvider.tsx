'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { browserCalls, SESSION_KEY } from '@/lib/bff/queries';
import type { Session } from '@/lib/bff/types';
import { withQueryClient } from '@/lib/query/load';
import { useLiveQuery } from '@/lib/query/live';

const ANONYMOUS: Session = { signedIn: false, loginEnabled: true, visibleUnions: [], emailSubscribed: false };

const InitialSession = createContext<Session>(ANONYMOUS);

/**
 * Seeds the session query with what the server rendered the page for, then asks the BFF once from
 * the browser on app start: that answer is the one that can clear a dead cookie (a session
 * revoked elsewhere, or login switched off: spec 1 §1).
 */
export function SessionProvider({ initial, children }: { initial: Session | null; children: ReactNode }) {
  return <InitialSession.Provider value={initial ?? ANONYMOUS}>{children}</InitialSession.Provider>;
}

export interface SessionApi {
  session: Session;
  /** The signed-in member, or undefined. */
  member: Session['user'];
  /** Replace the session with one a sign-in, sign-out or change answered with. */
  setSession: (s: Session) => void;
  /** Ask the BFF again (after verifying an email elsewhere, say); settles with its answer. */
  refresh: () => Promise<void>;
}

const setSessionData = (s: Session) => void withQueryClient((client) => client.setQueryData(SESSION_KEY, s));
const refreshSession = () => withQueryClient((client) => client.invalidateQueries({ queryKey: SESSION_KEY }));

/**
 * The visitor's session, shared by every component through TanStack Query's session query. Every
 * page draws it at once (the header), so it is read through useLiveQuery: the server's session
 * until TanStack has loaded, then the query, which asks the BFF on the page's start.
 */
export function useSession(): SessionApi {
  const initial = useContext(InitialSession);
  const session = useLiveQuery<Session>(
    { queryKey: SESSION_KEY, queryFn: async () => (await browserCalls()).accountApi.session(), placeholderData: initial, staleTime: 5 * 60_000 },
    initial,
  );
  return { session, member: session.user, setSession: setSessionData, refresh: refreshSession };
}
