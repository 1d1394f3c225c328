// The account area's tabs and its routing rule (spec 1 §2), kept free of Next's server APIs so
// the rule can be tested on its own.
import { loginHref } from './returnTo';

/** The account tabs in the order the hero shows them; 'benefits' is the index (My Benefits). */
export const ACCOUNT_TABS = [
  { tab: 'benefits', label: 'My Benefits' },
  { tab: 'profile', label: 'My Profile' },
  { tab: 'interests', label: 'My Interests' },
  { tab: 'forms', label: 'My Forms' },
  { tab: 'orders', label: 'My Orders' },
  { tab: 'eligibility', label: 'Eligibility' },
  { tab: 'connected', label: 'Connected Sites' },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]['tab'];

/** Where the login modal opens for a visitor who asked for a members-only page. */
export const LOGIN_HREF = '/?modal=login';

export const FAVORITES_HREF = '/account/favorites';

/** A link of the account's tab bar: a tab, or My Favorites, which has an address of its own. */
export interface AccountNavLink {
  key: AccountTab | 'favorites';
  label: string;
  href: string;
}

/**
 * The account's tab bar, under a uid: the tabs, with My Favorites beside My Benefits (the hearts
 * of My Benefits fill it), though its address is /account/favorites, not under the uid.
 */
export function accountNavLinks(uid: string): AccountNavLink[] {
  const links: AccountNavLink[] = ACCOUNT_TABS.map(({ tab, label }) => ({ key: tab, label, href: accountHref(uid, tab) }));
  links.splice(1, 0, { key: 'favorites', label: 'My Favorites', href: FAVORITES_HREF });
  return links;
}

/**
 * The site's terms and privacy pages, which the account forms link to (spec 1 §2, My Interests).
 * They are CMS pages; these are their paths there (fixtures/cms/node/terms-and-conditions.json and
 * privacy-policy.json, and the footer menu links to the same two). The grant forms' addresses for
 * them (spec 2 §2) redirect here (next.config.ts).
 */
export const TERMS_HREF = '/terms-and-conditions';
export const PRIVACY_HREF = '/privacy-policy';

export function isAccountTab(value: string): value is AccountTab {
  return ACCOUNT_TABS.some((t) => t.tab === value);
}

/** A tab's address under a uid; My Benefits is the index, so it has no segment of its own. */
export function accountHref(uid: string, tab: AccountTab = 'benefits'): string {
  const base = `/account/${encodeURIComponent(uid)}`;
  return tab === 'benefits' ? base : `${base}/${tab}`;
}

/** The tab a URL segment under /account/{uid} stands for (no segment: the index). */
export function tabOfSegment(segment: string | null): AccountTab | null {
  if (segment === null) return 'benefits';
  return isAccountTab(segment) && segment !== 'benefits' ? segment : null;
}

/**
 * Where /account/{uid}/… must send the visitor instead, or null to show it.
 * - A visitor goes home with the login modal open, and back to `here` (the path asked for) once
 *   signed in.
 * - A tab name in the uid's place (account/profile, account/benefits) means that tab of the
 *   member's own account; 'benefits' is the index.
 * - Another member's uid becomes the member's own, on the same tab, so no one else's uid is ever
 *   shown. `tab` is undefined where the tab is not known (the layout cannot see its child
 *   segment); that case is left to the page, which knows it.
 */
export function accountRedirect(
  uid: string,
  tab: AccountTab | undefined,
  ownUid: string | null,
  here?: string | null,
): string | null {
  if (!ownUid) return loginHref(here);
  if (isAccountTab(uid)) return accountHref(ownUid, uid);
  if (uid !== ownUid && tab) return accountHref(ownUid, tab);
  return null;
}
