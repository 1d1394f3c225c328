// The livestream chat's rules (spec 3 §4 'Livestream chat', §5 'Chat access', §9), from
// contracts/livestream.json, which the BFF embeds for the same limits and words: the cookie that
// ungates the chat, the access form's checks, the provider's login statuses and logout message,
// and the debounce of re-gating. Pure (the document and window are passed in), so the page and
// its tests share them.
import contract from '../../contracts/livestream.json';
import { validEmail } from './accounts';

export type LivestreamMessageKey = keyof typeof contract.messages;

/** A text of the contract. */
export const livestreamMessage = (key: LivestreamMessageKey): string => contract.messages[key];

/** The chat provider's fixed hash (spec 3 §7). */
export const CHAT_HASH = contract.chatHash;

/** 2000 ms after load the logout callback is registered; window messages are debounced 300 ms. */
export const LOGOUT_CALLBACK_DELAY_MS = contract.limits.logoutCallbackDelayMs;
export const MESSAGE_DEBOUNCE_MS = contract.limits.messageDebounceMs;

export const nameMaxLength = contract.limits.nameMaxLength;

/** The cookie that ungates a livestream's chat: livestream_{id} (spec 3 §4). */
export const chatCookieName = (id: string) => `${contract.cookie.prefix}${id}`;

/** The Set-Cookie string of document.cookie that ungates the chat: value 1, 7 days, path /. */
export function chatCookie(id: string): string {
  const { value, path } = contract.cookie;
  return `${chatCookieName(id)}=${value}; Max-Age=${contract.limits.cookieMaxAge}; Path=${path}; SameSite=Lax`;
}

/** The document.cookie string that clears it again. */
export function clearedChatCookie(id: string): string {
  return `${chatCookieName(id)}=; Max-Age=0; Path=${contract.cookie.path}; SameSite=Lax`;
}

/** Whether a document.cookie string holds the ungating cookie of this livestream. */
export function chatUngated(cookies: string, id: string): boolean {
  const name = chatCookieName(id);
  return cookies.split(';').some((c) => {
    const [k, ...v] = c.trim().split('=');
    return k === name && v.join('=') === contract.cookie.value;
  });
}

/** Whether a login callback's status lets the person in (spec 3 §4: pm.4 or pm.5). */
export function loginAccepted(status: unknown): boolean {
  return typeof status === 'string' && contract.loginStatuses.includes(status);
}

/**
 * Whether a window message is the chat provider's logout: the number 0, from the provider's own
 * origin (a page or frame of any other origin cannot re-gate the chat, nor can the string "0").
 */
export function isLogoutMessage(event: Pick<MessageEvent, 'origin' | 'data'>, providerOrigin: string | undefined): boolean {
  return providerOrigin !== undefined && event.origin === providerOrigin && event.data === 0;
}

export interface AccessValues {
  name: string;
  email: string;
  password: string;
  updates: boolean;
}

export type AccessErrors = Partial<Record<'name' | 'email' | 'password', string>>;

/**
 * The access form's checks (spec 3 §5): a display name always; an email unless an admin signs in;
 * a password for an admin.
 */
export function checkAccess(values: AccessValues, admin: boolean): AccessErrors {
  const errors: AccessErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = livestreamMessage('nameRequired');
  else if ([...name].length > nameMaxLength) errors.name = livestreamMessage('nameTooLong');
  if (admin) {
    if (!values.password) errors.password = livestreamMessage('passwordRequired');
  } else {
    const email = values.email.trim();
    if (!email) errors.email = livestreamMessage('emailRequired');
    // The BFF's email rule, for instant feedback; the BFF checks it again.
    else if (!validEmail(email)) errors.email = livestreamMessage('emailInvalid');
  }
  return errors;
}

/** HTML-escapes a text before it goes to the chat provider (spec 3 §5), as the BFF does. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c] as string);
}

/** A chat name: the escaped display name and a random suffix (spec 3 §5), for the admin's login. */
export function chatUsername(name: string, random: () => number = Math.random): string {
  const digits = contract.limits.suffixDigits;
  const suffix = String(Math.floor(random() * 10 ** digits)).padStart(digits, '0');
  return `${escapeHtml(name.trim())}-${suffix}`;
}

/** Whether the page's query asks for the admin login (spec 3 §6: ?cadmin=true). */
export function adminRequested(search: string): boolean {
  return new URLSearchParams(search).get('cadmin') === 'true';
}

/** Calls fn once calls have stopped for `ms` (the re-gating's 300 ms); cancel drops a pending call. */
export function debounce(fn: () => void, ms: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call: () => {
      clearTimeout(timer);
      timer = setTimeout(fn, ms);
    },
    cancel: () => clearTimeout(timer),
  };
}

/** The livestream's slug: the last segment of its page path (/livestream/{slug}). */
export function livestreamSlug(pagePath: string): string {
  return pagePath.split('/').filter(Boolean).at(-1) ?? '';
}
