'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { accountApi, SESSION_KEY } from '@/lib/bff/browser';
import type { Session } from '@/lib/bff/types';

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
  /** Whether the first answer from the browser has arrived. */
  settled: boolean;
  /** Replace the session with one a sign-in, sign-out or change answered with. */
  setSession: (s: Session) => void;
  /** Ask the BFF again (after verifying an email elsewhere, say). */
  refresh: () => Promise<void>;
}

/** The visitor's session, shared by every component through TanStack Query. */
export function useSession(): SessionApi {
  const initial = useContext(InitialSession);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: accountApi.session,
    placeholderData: initial,
    staleTime: 5 * 60_000,
  });
  const setSession = useCallback((s: Session) => client.setQueryData(SESSION_KEY, s), [client]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: SESSION_KEY }), [client]);
  const session = query.data ?? initial;
  return { session, member: session.user, settled: query.isFetched, setSession, refresh };
}
