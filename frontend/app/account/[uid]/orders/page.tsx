import type { Metadata } from 'next';
import { requireOwnAccount } from '@/lib/accountGuard';
import { ButtonLink } from '@/components/common/ButtonLink';
import { AccountSection, EmptyState } from '@/components/account/AccountSection';

export const metadata: Metadata = { title: 'My Orders' };

type Props = { params: Promise<{ uid: string }> };

/** My Orders (spec 3): the member's store orders. The history comes with the store work. */
export default async function MyOrdersPage({ params }: Props) {
  await requireOwnAccount((await params).uid, 'orders');
  return (
    <AccountSection title="My Orders">
      <EmptyState action={<ButtonLink link={{ url: '/store', title: 'Return to Store' }} />}>
        You have not placed any orders yet. Free printed materials for your union are in the store.
      </EmptyState>
    </AccountSection>
  );
}
