// Where a modal gives the focus back when it closes (WCAG 2.4.3): the control that opened it.
//
// A modal opened by a click is simply the focused element when it mounts (a button's click
// focuses it). A modal opened by the address (`?modal=`) mounts after a navigation, so the link
// that changed the address says so on click (rememberOpener) and the modal takes it when it
// mounts (takeOpener).

/** The opener a link named for the next modal; `to: null` names none (the fallback then). */
let pending: { to: HTMLElement | null } | null = null;

/** Each open modal's opener, for a link inside it that replaces it with another modal. */
const openers = new WeakMap<Element, HTMLElement | null>();

/**
 * Called on the click of a link that opens a modal by the address. A link inside a modal (login's
 * 'Create your account') replaces that modal and goes with it: the new modal gives the focus back
 * to where the old one would have.
 */
export function rememberOpener(link: HTMLElement) {
  const inside = link.closest('dialog');
  pending = { to: inside && openers.has(inside) ? (openers.get(inside) ?? null) : link };
}

/** What a modal mounting now gives the focus back to, and it is recorded as that modal's. */
export function takeOpener(dialog: Element): HTMLElement | null {
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && active !== document.body && !dialog.contains(active) ? active : null;
  const opener = pending ? pending.to : focused;
  pending = null;
  openers.set(dialog, opener);
  return opener;
}

const IDENTITY = ['href', 'name', 'type', 'aria-label', 'placeholder'];

/**
 * The opener's counterpart when the page around it was drawn anew while the modal was open (the
 * address changed, and an anonymous visitor's page may then come from another layout): the same
 * kind of control, with the same address, name and words, in the same landmark, on screen.
 */
function counterpart(gone: HTMLElement): HTMLElement | null {
  const landmark = gone.closest('header, nav, main, aside, footer')?.tagName.toLowerCase() ?? 'body';
  const words = gone.textContent?.trim() ?? '';
  const same = (candidate: HTMLElement) =>
    IDENTITY.every((name) => candidate.getAttribute(name) === gone.getAttribute(name)) &&
    (candidate.textContent?.trim() ?? '') === words &&
    candidate.checkVisibility?.() !== false;
  return [...document.querySelectorAll<HTMLElement>(`${landmark} ${gone.tagName}`)].find(same) ?? null;
}

/**
 * Gives the focus back after a modal has gone, unless something already holds it (another modal
 * took it). The opener may have been drawn anew (counterpart), or be gone (a modal opened from a
 * modal it replaced, a menu since closed): then the main landmark takes it, so the next Tab
 * starts from the page, not the top.
 */
export function returnFocus(opener: HTMLElement | null, framesLeft = 5) {
  const lost = () => document.activeElement === null || document.activeElement === document.body;
  if (!lost()) return;
  const target = opener && (opener.isConnected ? opener : counterpart(opener));
  if (!target && opener && framesLeft > 0) {
    // The page drawn anew may come a frame later than the modal's leaving.
    requestAnimationFrame(() => returnFocus(opener, framesLeft - 1));
    return;
  }
  target?.focus({ preventScroll: true });
  if (lost()) document.getElementById('main')?.focus({ preventScroll: true });
}
