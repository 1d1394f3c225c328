'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { message, type MessageKey } from '@/lib/accounts';
import { currentHash, withParams } from '@/lib/url';
import { useSitePathname } from '@/lib/useSitePathname';
import { useStatusMessages, type StatusMessageInput, type StatusMessageType } from './StatusMessages';

/**
 * The status messages an address may ask for, `?message=<code>` (a redirect's way to say how
 * something went), each in the spec's words and with its own type. Only these codes are shown: the
 * address is anyone's to write, so its text never reaches the page, and neither does a type it
 * claims (`messageType` is ignored).
 */
const QUERY_MESSAGES = {
  loginSuccess: 'success',
  logoutSuccess: 'success',
  registerSuccess: 'success',
  verificationSent: 'success',
  emailUpdated: 'success',
  passwordUpdated: 'success',
  resetSuccess: 'success',
  profileUpdated: 'success',
  interestsUpdated: 'success',
  resetLinkInvalid: 'error',
} as const satisfies Partial<Record<MessageKey, StatusMessageType>>;

/** A code `?message=` may carry. */
export type QueryMessageCode = keyof typeof QUERY_MESSAGES;

/** The message a code stands for, or null for anything that is not one of them. */
export function queryMessage(code: string | null | undefined): StatusMessageInput | null {
  if (!code || !Object.hasOwn(QUERY_MESSAGES, code)) return null;
  const known = code as QueryMessageCode;
  return { message: message(known), type: QUERY_MESSAGES[known] };
}

/**
 * Shows the message a redirect asked for in the address, `?message=<code>` (the codes above),
 * once; a code it does not know shows nothing. Either way the parameters are then taken out of
 * the address without a new history entry or a scroll.
 */
export function StatusMessageFromQuery() {
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
    const known = queryMessage(code);
    if (known) push(known);
    router.replace(withParams(pathname, searchParams, { message: null, messageType: null }, currentHash()), {
      scroll: false,
    });
  }, [code, pathname, searchParams, push, router]);

  return null;
}
