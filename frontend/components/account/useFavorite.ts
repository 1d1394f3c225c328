'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi, SESSION_KEY, type Favorites, type Session } from '@/lib/bff/account';
import { useSession } from '@/components/session/SessionProvider';
import { useStatusMessages } from '@/components/shell/StatusMessages';
import { failureMessage } from './failure';

/** The TanStack Query key of the favorites page's cards. */
export const FAVORITES_KEY = ['favorites'] as const;

/** The session with the member's favorite ids replaced. */
function withFavoriteIds(session: Session, ids: string[]): Session {
  return session.user ? { ...session, user: { ...session.user, favorites: ids } } : session;
}

export interface FavoriteToggle {
  /** Null for a visitor: there is nothing to toggle. */
  favorite: boolean | null;
  toggle: () => void;
}

/**
 * One favorite of the signed-in member. The ids live in the session (the BFF sends them with the
 * member), so every heart on the page agrees. Optimistic: while the call runs the heart shows the
 * asked-for state; when it fails the heart falls back to the session's state, which was never
 * changed, and the failure is shown. The answer (the list after the change) updates the session
 * and the favorites page.
 */
export function useFavorite(id: string): FavoriteToggle {
  const { session, member } = useSession();
  const client = useQueryClient();
  const { push } = useStatusMessages();
  const mutation = useMutation<Favorites, unknown, boolean>({
    mutationFn: (on) => (on ? accountApi.addFavorite(id) : accountApi.removeFavorite(id)),
    onSuccess: (favorites) => {
      // `session` stands in while the session query holds only the server's placeholder.
      client.setQueryData<Session>(SESSION_KEY, (old) => withFavoriteIds(old ?? session, favorites.ids));
      client.setQueryData(FAVORITES_KEY, favorites);
    },
    onError: (error) => push({ message: failureMessage(error, 'favoritesError'), type: 'error' }),
  });

  if (!member) return { favorite: null, toggle: () => undefined };
  const saved = member.favorites.includes(id);
  const favorite = mutation.isPending ? (mutation.variables ?? saved) : saved;
  return {
    favorite,
    // A click while a change runs is dropped: the heart already shows where it is going.
    toggle: () => {
      if (!mutation.isPending) mutation.mutate(!saved);
    },
  };
}
