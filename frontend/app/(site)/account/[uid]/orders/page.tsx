import type { Metadata } from 'next';
import { type AccountPageProps, requireOwnAccount } from '@/lib/accountGuard';
import { getOrders } from '@/lib/bff/server';
import { BffError } from '@/lib/bff/error';
import type { OrderHistory as History } from '@/lib/bff/types';
import { ACCOUNT_SECTION_TITLE_ID, StreamedAccountSection } from '@/components/account/AccountSection';
import { OrderHistory } from '@/components/store/OrderHistory';

export const metadata: Metadata = { title: 'My Orders' };

/**
 * My Orders (spec 3 §2 'Order history'): the member's store orders, five to a page. The routing
 * rule runs first (a real redirect); the first page then streams in behind a spinner, and the
 * browser pages on from there.
 */
export default async function MyOrdersPage({ params }: AccountPageProps) {
  await requireOwnAccount((await params).uid, 'orders');
  return (
    <StreamedAccountSection title="My Orders">
      <FirstPage />
    </StreamedAccountSection>
  );
}

async function FirstPage() {
  let initial: History | undefined;
  try {
    initial = await getOrders();
  } catch (error) {
    // The order system being down is the list's to say, in the BFF's words and with a Try again;
    // anything else (a bug, the BFF unreachable from here) is the error page's.
    if (!(error instanceof BffError) || error.status !== 503) throw error;
  }
  return <OrderHistory initial={initial} headingId={ACCOUNT_SECTION_TITLE_ID} />;
}
