import { message, type MessageKey } from '@/lib/accounts';
import type { StatusMessageInput, StatusMessageType } from './StatusMessages';

// Loaded by QueryMessage only when an address asks for one of these: every page has QueryMessage,
// few addresses carry a code, and the words come with the accounts' contract (lib/accounts).

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
