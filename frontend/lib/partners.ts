// Partner sign-in (spec 1 §2 'Partner login', §4 'Partner connect', §8), from
// contracts/partners.json: the BFF embeds the same file for its words, so the popup and the BFF
// never say a thing two ways.
import contract from '../../contracts/partners.json';

export type PartnerMessageKey = keyof typeof contract.messages;

/** A message of the contract with its {placeholders} filled. */
export function partnerMessage(key: PartnerMessageKey, values: Record<string, string | number> = {}): string {
  return contract.messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/** How long after posting the token the popup says it is done (spec 1 §4: 500 ms). */
export const POST_DELAY_MS = contract.limits.postDelayMs;

export type PartnerWindowMessage =
  | { type: typeof contract.windowMessages.token; token: string }
  | { type: typeof contract.windowMessages.unload };

export const tokenMessage = (token: string): PartnerWindowMessage => ({ type: contract.windowMessages.token, token });
export const unloadMessage = (): PartnerWindowMessage => ({ type: contract.windowMessages.unload });

/** The part of a window the popup posts to: its opener. */
export interface MessageTarget {
  postMessage: (message: unknown, targetOrigin: string) => void;
}

/**
 * Posts a message to the opener once per allowed origin, each time with that origin as the
 * target: the browser delivers it only if the opener's page is at that origin, so a page at any
 * other origin (a partner's look-alike, a page the opener navigated to) never receives it. Never
 * '*'. Origins that are not origins (a typo in the partner record) are skipped; answers how many
 * were posted to.
 */
export function postToAllowedOrigins(target: MessageTarget, allowedOrigins: readonly string[], message: PartnerWindowMessage): number {
  let posted = 0;
  for (const origin of new Set(allowedOrigins.map(originOf).filter((o): o is string => o !== null))) {
    try {
      target.postMessage(message, origin);
      posted++;
    } catch {
      // A closed or cross-origin-blocked opener throws; the other origins may still work.
    }
  }
  return posted;
}

/** The origin of a URL (scheme, host and port), or null when it is not an http(s) origin. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return u.origin;
  } catch {
    return null;
  }
}
