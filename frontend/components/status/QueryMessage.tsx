'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { currentHash, withParams } from '@/lib/url';
import { useSitePathname } from '@/lib/useSitePathname';
import { useStatusMessages } from './StatusMessages';

/**
 * Shows the message a redirect asked for in the address, `?message=<code>` (queryMessages.ts),
 * once; a code it does not know shows nothing. Either way the parameters are then taken out of
 * the address without a new history entry or a scroll. The codes' words load only when the
 * address has one: neither they nor the accounts' contract they come from are in every page's
 * JavaScript or in its HTML.
 */
export function QueryMessage() {
  const searchParams = useSearchParams();
  const pathname = useSitePathname();
  const router = useRouter();
  const { push } = useStatusMessages();
  const handled = useRef<string | null>(null);

  const code = searchParams.get('message');
  useEffect(() => {
    if (code === null) return;
    const key = `${pathname}?${searchParams.toString()}`;
    if (handled.current === key) return; // Strict Mode runs effects twice; show it once.
    handled.current = key;
    void import('./queryMessages').then(({ queryMessage }) => {
      const known = queryMessage(code);
      if (known) push(known);
    });
    router.replace(withParams(pathname, searchParams, { message: null, messageType: null }, currentHash()), {
      scroll: false,
    });
  }, [code, pathname, searchParams, push, router]);

  return null;
}
