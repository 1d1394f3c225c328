import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { getSite } from '@/lib/bff/client';
import type { SiteChrome } from '@/lib/bff/types';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { QueryProvider } from '@/components/providers/QueryProvider';
import './globals.css';

export const viewport: Viewport = {
  themeColor: '#0b1f3a',
};

/** The chrome, or null when the BFF cannot give it: an error page must still render around it. */
async function loadSite(): Promise<SiteChrome | null> {
  // Every page renders per request against the BFF, never at build time when no BFF may be
  // reachable; the chrome itself still comes from the data cache.
  await connection();
  try {
    return await getSite();
  } catch (error) {
    console.error('site chrome unavailable', error);
    return null;
  }
}

/**
 * The origin this request reached. The BFF sends canonical URLs as paths (the spec's metatag
 * transform drops the CMS's host), so they resolve against whichever host serves the site.
 */
async function requestOrigin(): Promise<URL | undefined> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host');
  if (!host) return undefined;
  const proto = h.get('x-forwarded-proto') ?? (host.startsWith('localhost') || host.startsWith('127.') ? 'http' : 'https');
  try {
    return new URL(`${proto}://${host}`);
  } catch {
    return undefined;
  }
}

export async function generateMetadata(): Promise<Metadata> {
  const site = await loadSite();
  const name = site?.productName;
  return {
    metadataBase: await requestOrigin(),
    title: name ? { default: name, template: `%s | ${name}` } : undefined,
    applicationName: name,
    openGraph: name ? { siteName: name, type: 'website' } : undefined,
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const site = await loadSite();
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <QueryProvider>
          <Header productName={site?.productName} menu={site?.mainMenu ?? []} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          {site && <Footer productName={site.productName} footer={site.footer} />}
        </QueryProvider>
      </body>
    </html>
  );
}
