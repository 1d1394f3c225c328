'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { CART_KEY } from '@/lib/bff/queries';
import type { AuthResult } from '@/lib/bff/types';
import { isPartnerRedirect } from '@/lib/partnerRedirect';
import { withQueryClient } from '@/lib/query/load';
import { resumePendingLink, takePendingLink } from '@/lib/pendingLink';
import { destinationOf } from '@/lib/returnTo';
import { useSession } from '@/components/session/SessionProvider';
import { useStatusMessages } from '@/components/status/StatusMessages';

/**
 * What follows a sign-in or sign-up answered by the BFF: the member goes into the session query
 * (the header, the gate and the chat assistant follow it at once), the answer's message shows, the
 * cart is read again (the BFF merged the visitor's cart into the member's), and the member goes on
 * to where they were going (spec 1 §4):
 * - a partner redirect they came with (the BFF's redirect route as `?destination=`), loaded by
 *   the browser as it leaves the site; it comes before anything else;
 * - a link clicked before signing in (spec 3 §4), if any;
 * - else the gated route that sent them to sign in (`?destination=`, a same-site path only);
 * - else they stay: the modal closes and the server-rendered page renders again for the member
 *   (a gated page opens).
 */
export function useAfterSignIn(): (result: AuthResult, close: () => void) => void {
  const { setSession } = useSession();
  const { push, pushOnArrival } = useStatusMessages();
  const router = useRouter();
  const searchParams = useSearchParams();
  return useCallback(
    (result, close) => {
      setSession(result.session);
      void withQueryClient((client) => client.invalidateQueries({ queryKey: CART_KEY }));
      const message = { message: result.message, type: result.session.signedIn ? 'success' : 'error' } as const;
      const destination = result.session.signedIn ? destinationOf(searchParams) : null;
      if (destination && isPartnerRedirect(destination)) {
        // Off to the partner: no message to show here, and no remembered link to open after.
        takePendingLink();
        window.location.assign(destination);
        return;
      }
      if (destination) {
        // Leaving for the destination closes the modal (its parameter stays behind) and renders
        // that page for the member; the message waits for it.
        pushOnArrival(message, new URL(destination, 'http://x.invalid').pathname);
        router.replace(destination);
        // Queued behind the navigation: the layout (menus) renders again for the member too.
        router.refresh();
      } else {
        close();
        push(message);
        router.refresh();
      }
      if (result.session.signedIn) resumePendingLink();
    },
    [setSession, push, pushOnArrival, router, searchParams],
  );
}
