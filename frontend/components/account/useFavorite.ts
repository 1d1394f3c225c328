'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { accountApi, SESSION_KEY, type Session } from '@/lib/bff/account';
import { useSession } from '@/components/session/SessionProvider';
import { useStatusMessages } from '@/components/shell/StatusMessages';
import { failureMessage } from './failure';

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
 * asked-for state; if it fails the heart falls back to the session's state, which was never
 * changed, and the failure is shown. The answer (the ids after the change) goes into the session.
 */
export function useFavorite(id: string): FavoriteToggle {
  const { session, member } = useSession();
  const client = useQueryClient();
  const { push } = useStatusMessages();
  const [asked, setAsked] = useState<boolean | null>(null);
  // A click while a change runs is dropped: the heart already shows where it is going. The ref
  // holds before React has re-rendered, against a double click.
  const running = useRef(false);

  if (!member) return { favorite: null, toggle: () => undefined };
  const saved = member.favorites.includes(id);

  async function toggle() {
    if (running.current) return;
    running.current = true;
    const on = !saved;
    setAsked(on);
    try {
      const favorites = await (on ? accountApi.addFavorite(id) : accountApi.removeFavorite(id));
      // `session` stands in while the session query holds only the server's placeholder.
      client.setQueryData<Session>(SESSION_KEY, (old) => withFavoriteIds(old ?? session, favorites.ids));
    } catch (error) {
      push({ message: failureMessage(error, 'favoritesError'), type: 'error' });
    } finally {
      running.current = false;
      setAsked(null);
    }
  }

  return { favorite: asked ?? saved, toggle: () => void toggle() };
}
