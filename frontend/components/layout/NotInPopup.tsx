'use client';

import { useSitePathname } from '@/lib/useSitePathname';
import type { ReactNode } from 'react';

/** Pages opened as popups by other sites: the partner login (spec 1 §2). */
const POPUP_PREFIXES = ['/login/partner/'];

export function isPopupPath(pathname: string | null): boolean {
  return pathname !== null && POPUP_PREFIXES.some((p) => pathname.startsWith(p));
}

/**
 * What a popup goes without: the main menu, the account menu and search, the union's logo, the
 * chat assistant and most of the footer, so the member stays on the one task (and no third-party
 * script runs beside a credential). The shell is drawn once, for every route, and wraps those
 * parts in this; the server draws them only once, so the page carries no second version.
 */
export function NotInPopup({ children }: { children: ReactNode }) {
  return <>{isPopupPath(useSitePathname()) ? null : children}</>;
}
