import type { Metadata } from 'next';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';

export const metadata: Metadata = { title: 'Loading', robots: { index: false, follow: false } };

/**
 * /loading (spec 1 §2 route table: 'Loading page.'): a page that only says the site is loading,
 * for an address to send someone to while what they asked for is prepared. Not for search engines.
 */
export default function LoadingPage() {
  return (
    <div className="container" data-testid="loading-page">
      <h1 className="visually-hidden">Loading</h1>
      <LoadingIndicator />
    </div>
  );
}
