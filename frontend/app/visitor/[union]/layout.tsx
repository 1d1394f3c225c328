import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getAnonymousSession, getCachedSite } from '@/lib/bff/server';
import type { Cart, Session, SiteChrome } from '@/lib/bff/types';
import { config } from '@/lib/config';
import { siteMetadata } from '@/lib/metadata';
import { unionOfSegment } from '@/lib/pageCache';
import { SiteShell } from '@/components/shell/SiteShell';

// The page cache's layout (lib/pageCache.ts): rendered once per union and kept. force-static makes
// cookies() and headers() read as empty anywhere below, so nothing of a request can reach it.
export const dynamic = 'force-static';

type Props = { children: ReactNode; params: Promise<{ union: string }> };

const EMPTY_CART: Cart = { items: [], count: 0 };

/** The chrome, or null when the BFF cannot give it: the page still renders around it. */
async function loadSite(segment: string): Promise<SiteChrome | null> {
  try {
    return await getCachedSite(unionOfSegment(segment));
  } catch (error) {
    console.error('site chrome unavailable', error);
    return null;
  }
}

async function loadSession(): Promise<Session | null> {
  try {
    return await getAnonymousSession();
  } catch {
    return null; // the browser asks for the session on start anyway
  }
}

export async function generateMetadata({ params }: Omit<Props, 'children'>): Promise<Metadata> {
  const site = await loadSite((await params).union);
  // No request to take the host from: the site's configured origin.
  return siteMetadata(site?.productName, new URL(config.siteUrl));
}

export default async function CachedPageLayout({ children, params }: Props) {
  const { union } = await params;
  const [site, session] = await Promise.all([loadSite(union), loadSession()]);
  return (
    // The segment is the union the BFF read the visitor's as: chosen, or none for the fallback.
    // Served only to a reader with no cookie but the union's: no session, no cart.
    <SiteShell site={site} session={session} unionChosen={unionOfSegment(union) !== undefined} cart={EMPTY_CART}>
      {children}
    </SiteShell>
  );
}
