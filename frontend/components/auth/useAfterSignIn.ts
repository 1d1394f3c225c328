'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { CART_KEY } from '@/lib/bff/browser';
import type { AuthResult } from '@/lib/bff/types';
import { resumePendingLink } from '@/lib/pendingLink';
import { useSession } from '@/components/session/SessionProvider';
import { useStatusMessages } from '@/components/shell/StatusMessages';

/**
 * What follows a sign-in or sign-up answered by the BFF: the member goes into the session query
 * (the header, the gate and the chat assistant follow it at once), the modal closes, the answer's
 * message shows, the server-rendered page renders again for the member (a gated page opens), the
 * cart is read again (the BFF merged the visitor's cart into the member's), and a link clicked
 * before signing in is resumed (spec 3 §4).
 */
export function useAfterSignIn(): (result: AuthResult, close: () => void) => void {
  const { setSession } = useSession();
  const { push } = useStatusMessages();
  const router = useRouter();
  const client = useQueryClient();
  return useCallback(
    (result, close) => {
      setSession(result.session);
      close();
      push({ message: result.message, type: result.session.signedIn ? 'success' : 'error' });
      router.refresh();
      void client.invalidateQueries({ queryKey: CART_KEY });
      if (result.session.signedIn) resumePendingLink();
    },
    [setSession, push, router, client],
  );
}
