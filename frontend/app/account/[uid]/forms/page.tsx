import type { Metadata } from 'next';
import { requireOwnAccount } from '@/lib/accountGuard';
import { AccountSection, EmptyState } from '@/components/account/AccountSection';

export const metadata: Metadata = { title: 'My Forms' };

type Props = { params: Promise<{ uid: string }> };

/** My Forms (spec 2): the member's grant cases with their status. The list comes with the grants work. */
export default async function MyFormsPage({ params }: Props) {
  await requireOwnAccount((await params).uid, 'forms');
  return (
    <AccountSection title="My Forms">
      <EmptyState>You have not submitted any application forms yet.</EmptyState>
    </AccountSection>
  );
}
