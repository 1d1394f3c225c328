'use client';

import { browserCalls, SESSION_KEY } from '@/lib/bff/queries';
import type { Session } from '@/lib/bff/types';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { useSession } from '@/components/session/SessionProvider';
import { useStatusMessages } from '@/components/status/StatusMessages';

/** The session with the member's favorite ids replaced. */
function withFavoriteIds(session: Session, ids: string[]): Session {
  return session.user ? { ...session, user: { ...session.user, favorites: ids } } : session;
}

function withFavorite(session: Session, id: string, on: boolean): Session {
  const others = session.user?.favorites.filter((f) => f !== id) ?? [];
  return withFavoriteIds(session, on ? [...others, id] : others);
}

export interface FavoriteToggle {
  /** Null for a visitor: there is nothing to toggle. */
  favorite: boolean | null;
  toggle: () => void;
}

/**
 * One favorite of the signed-in member. The ids live in the session (the BFF sends them with the
 * member), so every heart on the page agrees. Optimistic: the session shows the asked-for state
 * while the call runs; if it fails it goes back and the failure is shown. The answer (the ids
 * after the change) goes into the session.
 */
export function useFavorite(id: string): FavoriteToggle {
  const { session, member } = useSession();
  const { push } = useStatusMessages();
  // `session` stands in while the session query holds only the server's placeholder.
  const change = useBffMutation({
    mutationFn: async (on: boolean) => {
      const { accountApi } = await browserCalls();
      return on ? accountApi.addFavorite(id) : accountApi.removeFavorite(id);
    },
    optimistic: {
      queryKey: SESSION_KEY,
      update: (current: Session | undefined, on) => withFavorite(current ?? session, id, on),
    },
    onSuccess: (favorites, _on, client) =>
      client.setQueryData<Session>(SESSION_KEY, (old) => withFavoriteIds(old ?? session, favorites.ids)),
    // The words of a failure (the accounts' contract) load with the failure: a page of hearts needs
    // none of that contract until one fails.
    onError: (error) =>
      void import('@/components/forms/failure').then(({ failureMessage }) =>
        push({ message: failureMessage(error, 'favoritesError'), type: 'error' }),
      ),
  });

  if (!member) return { favorite: null, toggle: () => undefined };
  const favorite = member.favorites.includes(id);
  // A click while a change runs is dropped: the heart already shows where it is going.
  return { favorite, toggle: () => void change.run(!favorite) };
}
