'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { currentHash, withParams } from '@/lib/url';
import { useSitePathname } from '@/lib/useSitePathname';
import { useStatusMessages, type StatusMessageInput } from './StatusMessages';

/**
 * Shows the message a redirect asked for in the address, `?message=<code>` (queryMessages.tsx),
 * once; a code it does not know shows nothing. Either way the parameters are then taken out of
 * the address without a new history entry or a scroll. `messages` are the codes' messages, given
 * by the server, so the accounts' contract stays out of every page's JavaScript.
 */
export function QueryMessage({ messages }: { messages: Record<string, StatusMessageInput> }) {
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
    const known = Object.hasOwn(messages, code) ? messages[code] : undefined;
    if (known) push(known);
    router.replace(withParams(pathname, searchParams, { message: null, messageType: null }, currentHash()), {
      scroll: false,
    });
  }, [code, pathname, searchParams, push, router, messages]);

  return null;
}
