import { Suspense, type ReactNode } from 'react';
import type { Cart, Session, SiteChrome } from '@/lib/bff/types';
import { config } from '@/lib/config';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { ModalHostLoader } from '@/components/shell/ModalHostLoader';
import { NavigationProgress } from '@/components/shell/NavigationProgress';
import { SessionProvider } from '@/components/session/SessionProvider';
import { Chatbot } from '@/components/shell/Chatbot';
import { PageViewTracker } from '@/components/shell/PageViewTracker';
import { NotInPopup } from '@/components/layout/NotInPopup';
import { ScrollToTop } from '@/components/shell/ScrollToTop';
import { QueryMessage } from '@/components/status/QueryMessage';
import { StatusMessageRegion } from '@/components/status/StatusMessages';
import { UnionPickerHost } from '@/components/unions/UnionPickerHost';

/**
 * Everything around a page: header, footer, the shell's modals and messages, and the session it
 * was rendered for. Two layouts draw it: app/(site)/layout.tsx per request, for the
 * visitor's session, and app/visitor/[union]/layout.tsx once per union, cached for every
 * anonymous visitor (lib/pageCache.ts). It reads nothing of the request itself, so what it shows
 * depends only on what those layouts pass (the site, the session, the cart). The state that must
 * outlive a move between the two (queries, running mutations, status messages: a sign-out's
 * message is shown on the page it lands on, which a visitor is served from the page cache) lives
 * above, in app/layout.tsx.
 * `unionChosen` is whether the request named a union (?union= or the cookie): a visitor who
 * named none is asked for one before the union pages (UnionPickerHost).
 */
interface SiteShellProps {
  site: SiteChrome | null;
  session: Session | null;
  /** Whether the request named a union (?union= or the cookie). */
  unionChosen: boolean;
  /** The reader's cart, for the header's cart link; undefined when it could not be read. */
  cart: Cart | undefined;
  children: ReactNode;
}

export function SiteShell({ site, session, unionChosen, cart, children }: SiteShellProps) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SessionProvider initial={session}>
        <Header productName={site?.productName} menu={site?.mainMenu ?? []} cart={cart} union={site?.union} />
        <StatusMessageRegion />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {site && <Footer productName={site.productName} footer={site.footer} />}
        {/* The shell's query parameters: ?modal=, ?message= and the page view with its utm; the bar
            that shows a move between addresses is on its way. */}
        <Suspense fallback={null}>
          <NavigationProgress />
          <ModalHostLoader dressing={site?.authModals} />
          <QueryMessage />
          <PageViewTracker />
        </Suspense>
        <UnionPickerHost unionChosen={unionChosen} />
        <ScrollToTop />
        <NotInPopup>
          <Chatbot scriptUrl={config.chatbotScriptUrl} />
        </NotInPopup>
      </SessionProvider>
    </>
  );
}
