import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { Suspense, type ReactNode } from 'react';
import { getSite, getSessionOrNull } from '@/lib/bff/server';
import { requestUnion, requestOrigin } from '@/lib/request';
import type { SiteChrome } from '@/lib/bff/types';
import { config } from '@/lib/config';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { ModalHost } from '@/components/modals/ModalHost';
import { SessionProvider } from '@/components/session/SessionProvider';
import { Chatbot } from '@/components/shell/Chatbot';
import { PageViewTracker } from '@/components/shell/PageViewTracker';
import { PopupChrome } from '@/components/shell/PopupChrome';
import { ScrollToTop } from '@/components/shell/ScrollToTop';
import { StatusMessageFromQuery, StatusMessageRegion, StatusMessagesProvider } from '@/components/shell/StatusMessages';
import { AppReadyProvider } from '@/components/shell/AppReady';
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
    return await getSite(await requestUnion());
  } catch (error) {
    console.error('site chrome unavailable', error);
    return null;
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
  const [site, session] = await Promise.all([loadSite(), getSessionOrNull()]);
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <QueryProvider>
          <AppReadyProvider>
            <SessionProvider initial={session}>
              <StatusMessagesProvider>
                <PopupChrome
                  full={<Header productName={site?.productName} menu={site?.mainMenu ?? []} />}
                  popup={<Header productName={site?.productName} menu={[]} bare />}
                />
                <StatusMessageRegion />
                <main id="main" tabIndex={-1}>
                  {children}
                </main>
                {site && (
                  <PopupChrome
                    full={<Footer productName={site.productName} footer={site.footer} />}
                    popup={<Footer productName={site.productName} footer={site.footer} variant="short" />}
                  />
                )}
                {/* The shell's query parameters: ?modal=, ?message= and the page view with its utm. */}
                <Suspense fallback={null}>
                  <ModalHost dressing={site?.authModals} />
                  <StatusMessageFromQuery />
                  <PageViewTracker />
                </Suspense>
                <ScrollToTop />
                <PopupChrome full={<Chatbot scriptUrl={config.chatbotScriptUrl} />} popup={null} />
              </StatusMessagesProvider>
            </SessionProvider>
          </AppReadyProvider>
        </QueryProvider>
      </body>
    </html>
  );
}
