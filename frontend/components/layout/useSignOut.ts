'use client';

import { useRouter } from 'next/navigation';
import { useSitePathname } from '@/lib/useSitePathname';
import { useCallback } from 'react';
import { browserCalls, CART_KEY, CASES_KEY, ORDERS_KEY } from '@/lib/bff/queries';
import { useSession } from '@/components/session/SessionProvider';
import { useAuthMutation } from '@/components/session/useAuthMutation';
import { useStatusMessages } from '@/components/status/StatusMessages';

/** Pages only a member sees: signing out there goes home (spec 1 §4). */
const MEMBERS_ONLY = /^\/(account|form)(\/|$)/;

/**
 * Sign out: the BFF clears the cookie, the session query forgets the member (the header and the
 * chat assistant follow), the member's cases, orders and cart leave the browser's cache (spec 2 §6), 'Logout
 * successful!' shows, and the page renders again for a visitor,
 * or the member goes home from an account or form page.
 */
export function useSignOut(): { signOut: () => void; pending: boolean } {
  const { session, setSession } = useSession();
  const { push } = useStatusMessages();
  const router = useRouter();
  const pathname = useSitePathname();
  const { run, pending } = useAuthMutation({
    mutationFn: async () => (await browserCalls()).accountApi.signOut(),
    onSuccess: (answer, _vars, client) => {
      setSession({
        signedIn: false,
        loginEnabled: session.loginEnabled,
        loginOfflineMessage: session.loginOfflineMessage,
        visibleUnions: session.visibleUnions,
        // A visitor's subscription is their cookie's, which the next read of the session tells.
        emailSubscribed: false,
      });
      client.removeQueries({ queryKey: CASES_KEY });
      client.removeQueries({ queryKey: ORDERS_KEY });
      // The member's cart stays theirs; the visitor left behind has none (the BFF moved any
      // visitor's cart into the member's at sign-in), which a read then confirms.
      client.setQueryData(CART_KEY, { items: [], count: 0 });
      void client.invalidateQueries({ queryKey: CART_KEY });
      push({ message: answer.message });
      // Going home renders home afresh; refreshing a members-only page first would only bounce
      // the visitor to its login prompt.
      if (MEMBERS_ONLY.test(pathname)) router.push('/');
      else router.refresh();
    },
    onError: (error) => push({ message: error.detail, type: 'error' }),
  });
  const signOut = useCallback(() => void run(), [run]);

  return { signOut, pending };
}
