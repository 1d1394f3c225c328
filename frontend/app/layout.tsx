import type { Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const viewport: Viewport = {
  themeColor: '#0b1f3a',
};

/**
 * The document only. What surrounds a page depends on who reads it, so the layouts below draw
 * it: app/(site)/layout.tsx renders per request, app/visitor/[union]/layout.tsx once per union
 * for anonymous visitors. This one reads nothing of the request, or no page could be cached.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
