'use client';

import { useEffect } from 'react';
import { SECRET_PARAMS } from './url';

/**
 * Takes a link's secrets (url.ts, SECRET_PARAMS) out of the address bar once the page has them, so
 * they do not stay in the history, a bookmark or a copied address. The page keeps the values it
 * was rendered with; Next's router follows history.replaceState, so the search params the rest of
 * the app sees lose them too. Nothing else changes: no navigation, no new history entry.
 */
export function ForgetSecretParams() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const secrets = SECRET_PARAMS.filter((name) => url.searchParams.has(name));
    if (secrets.length === 0) return;
    for (const name of secrets) url.searchParams.delete(name);
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }, []);
  return null;
}
