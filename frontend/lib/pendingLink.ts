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
 * Opens the destination remembered before sign-in, in a new window when its target was _blank
 * (spec 3 §4), and returns whether there was one. Call it once the member is signed in.
 */
export function resumePendingLink(): boolean {
  const link = takePendingLink();
  if (!link) return false;
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
