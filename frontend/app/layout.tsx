import type { Viewport } from 'next';
import type { ReactNode } from 'react';
import { AppReadyProvider } from '@/components/providers/AppReady';
import { StatusMessagesProvider } from '@/components/status/StatusMessages';
import { EarlyInputScript } from '@/components/shell/EarlyInputScript';
import './globals.css';

export const viewport: Viewport = {
  themeColor: '#0b1f3a',
};

/**
 * The document, and the state that must outlive a move between the layouts below: running
 * mutations (AppReady) and status messages. Queries (the session among them) live in the tab's
 * one query client (lib/query), which no layout holds, so they outlive it too. What surrounds a page
 * depends on who reads it, so those layouts draw it (components/shell/SiteShell.tsx):
 * app/(site)/layout.tsx per request, app/visitor/[union]/layout.tsx once per union for anonymous
 * visitors. A sign-out lands on a page from the page cache, the other layout: its 'Logout
 * successful!' must still show there. This layout reads nothing of the request, or no page could
 * be cached.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        {/* First, so nothing a person does before hydration is lost (lib/earlyInputScript.ts). */}
        <EarlyInputScript />
      </head>
      <body>
        <AppReadyProvider>
          <StatusMessagesProvider>{children}</StatusMessagesProvider>
        </AppReadyProvider>
      </body>
    </html>
  );
}
