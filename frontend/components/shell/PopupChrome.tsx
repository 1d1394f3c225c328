'use client';

import { useSitePathname } from '@/lib/useSitePathname';
import type { ReactNode } from 'react';

/** Pages opened as popups by other sites: the partner login (spec 1 §2). */
const POPUP_PREFIXES = ['/login/partner/'];

export function isPopupPath(pathname: string | null): boolean {
  return pathname !== null && POPUP_PREFIXES.some((p) => pathname.startsWith(p));
}

/**
 * Chooses the root layout's chrome by route: a popup gets no main menu, no account menu or search,
 * no chat assistant and the short footer, so the member stays on the one task (and no third-party
 * script runs beside a credential). The two versions are rendered on the server; this picks one.
 */
export function PopupChrome({ popup, full }: { popup: ReactNode; full: ReactNode }) {
  return <>{isPopupPath(useSitePathname()) ? popup : full}</>;
}
