import type { Metadata } from 'next';
import { Suspense } from 'react';
import { requireOwnAccount } from '@/lib/accountGuard';
import { getCases } from '@/lib/bff/server';
import { config } from '@/lib/config';
import { grantMessage } from '@/lib/grants';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { AccountSection } from '@/components/account/AccountSection';
import { EmptyState } from '@/components/common/EmptyState';
import { CaseList } from '@/components/grants/CaseStatusBlock';
import { CaseUploads } from '@/components/uploads/CaseUploads';

export const metadata: Metadata = { title: 'My Forms' };

type Props = { params: Promise<{ uid: string }> };

/**
 * My Forms (spec 2 §2): the member's grant cases, newest first, each with its status and its
 * supporting documents. The routing rule runs first (a real redirect); the cases then stream in
 * behind a spinner.
 */
export default async function MyFormsPage({ params }: Props) {
  await requireOwnAccount((await params).uid, 'forms');
  return (
    <AccountSection title="My Forms">
      <Suspense fallback={<LoadingIndicator />}>
        <MyCases />
      </Suspense>
    </AccountSection>
  );
}

async function MyCases() {
  const { cases } = await getCases();
  if (cases.length === 0) return <EmptyState>{grantMessage('noCases')}</EmptyState>;
  // Each case's documents and upload area (spec 2 §4), a client component in the server's list.
  return <CaseList cases={cases} renderUploads={(item) => <CaseUploads caseId={item.id} supportPhone={config.supportPhone} />} />;
}
