import { message, type MessageKey } from '@/lib/accounts';
import { QueryMessage } from './QueryMessage';
import type { StatusMessageInput, StatusMessageType } from './StatusMessages';

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
 * once; a code it does not know shows nothing (QueryMessage). The server words the codes.
 */
export function StatusMessageFromQuery() {
  const messages = Object.fromEntries(
    (Object.keys(QUERY_MESSAGES) as QueryMessageCode[]).map((code) => [code, queryMessage(code) as StatusMessageInput]),
  );
  return <QueryMessage messages={messages} />;
}
