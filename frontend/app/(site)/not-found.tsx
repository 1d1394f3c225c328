import type { Metadata } from 'next';
import { NotFoundMessage } from '@/components/common/NotFoundMessage';

// The spec's title, as the error route's 404 has it. No robots entry: Next writes its own
// 'noindex' on every not-found answer, and a second tag would contradict or repeat it.
export const metadata: Metadata = {
  title: { absolute: 'Not Found' },
};

/**
 * The page's own notFound() (a member's missing page, a client-side navigation). Addresses an
 * anonymous reader loads are decided before rendering and drawn by the error route instead, with
 * the message in the server's HTML (lib/missingPage.ts).
 */
export default function NotFound() {
  return <NotFoundMessage />;
}
