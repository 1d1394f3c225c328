import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { getCartOrNothing, getSite, getSessionOrNull } from '@/lib/bff/server';
import { requestUnion, requestOrigin } from '@/lib/request';
import type { SiteChrome } from '@/lib/bff/types';
import { siteMetadata } from '@/lib/metadata';
import { SiteShell } from '@/components/shell/SiteShell';

/** The chrome, or null when the BFF cannot give it: an error page must still render around it. */
async function loadSite(): Promise<SiteChrome | null> {
  // Every page here renders per request against the BFF, never at build time when no BFF may be
  // reachable; the chrome itself still comes from the data cache.
  await connection();
  try {
    return await getSite(await requestUnion());
  } catch (error) {
    console.error('site chrome unavailable', error);
    return null;
  }
}

export async function generateMetadata(): Promise<Metadata> {
  const site = await loadSite();
  return siteMetadata(site?.productName, await requestOrigin());
}

/**
 * Every page rendered for its reader: members, and visitors whose request the page cache does not
 * serve (lib/pageCache.ts). The session shapes the header and the pages; the cart (read only when
 * a session or cart cookie says there may be one) gives the header its cart link.
 */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  const [site, session, union, cart] = await Promise.all([loadSite(), getSessionOrNull(), requestUnion(), getCartOrNothing()]);
  return (
    <SiteShell site={site} session={session} unionChosen={union !== undefined} cart={cart}>
      {children}
    </SiteShell>
  );
}
