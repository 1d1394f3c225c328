import { safeReturnPath } from './returnTo';

// The [HARTFORD_PARAMS] link rule of spec 3 §4: a visitor's click on a link that needs sign-in
// opens the signup modal and leaves the destination here; once signed in, resumePendingLink()
// opens it. sessionStorage keeps it to this tab and forgets it when the tab closes.

/** The sessionStorage key holding the destination as JSON `{url, target}`. */
export const PENDING_LINK_KEY = 'pendingLink';

export interface PendingLink {
  url: string;
  target?: string;
}

/** Remembers where a visitor wanted to go before signing up or in. */
export function rememberPendingLink(link: PendingLink): void {
  try {
    window.sessionStorage.setItem(PENDING_LINK_KEY, JSON.stringify({ url: link.url, target: link.target ?? null }));
  } catch {
    // Storage can be full or blocked (private modes); the visitor then simply is not taken there.
  }
}

/** Reads and forgets the remembered destination, if any. */
export function takePendingLink(): PendingLink | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_LINK_KEY);
    window.sessionStorage.removeItem(PENDING_LINK_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { url?: unknown; target?: unknown };
    if (typeof value.url !== 'string' || value.url === '') return null;
    return { url: value.url, target: typeof value.target === 'string' ? value.target : undefined };
  } catch {
    return null;
  }
}

/**
 * Whether a remembered destination may be opened: an absolute http(s) URL (a partner's offer), or
 * a path on this site (safeReturnPath, the rule every return target follows). Anything else,
 * above all `javascript:` and `data:` URLs or a `//host` that only looks like a path, is never
 * opened: sessionStorage is writable by any script of the tab, so its value is not trusted.
 */
export function isSafeDestination(url: string): boolean {
  if (url.startsWith('/')) return safeReturnPath(url) !== null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Opens the destination remembered before sign-in, in a new window when its target was _blank
 * (spec 3 §4), and returns whether there was one it could open. Call it once the member is signed in.
 */
export function resumePendingLink(): boolean {
  const link = takePendingLink();
  if (!link || !isSafeDestination(link.url)) return false;
  if (link.target === '_blank') window.open(link.url, '_blank', 'noopener');
  else window.location.assign(link.url);
  return true;
}

/** The current URL with `?modal=signup`, which opens the signup modal (spec 3 §2, Modals). */
export function signupModalUrl(current: URL): string {
  const next = new URL(current.href);
  next.searchParams.set('modal', 'signup');
  return next.pathname + next.search + next.hash;
}
