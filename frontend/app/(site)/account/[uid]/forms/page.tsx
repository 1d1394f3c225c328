import type { Metadata } from 'next';
import { type AccountPageProps, requireOwnAccount } from '@/lib/accountGuard';
import { getCases } from '@/lib/bff/server';
import { config } from '@/lib/config';
import { grantMessage } from '@/lib/grants';
import { FormsIntro, StreamedAccountSection } from '@/components/account/AccountSection';
import { EmptyState } from '@/components/common/EmptyState';
import { CaseList } from '@/components/grants/CaseStatusBlock';
import { CaseUploads } from '@/components/uploads/CaseUploads';

export const metadata: Metadata = { title: 'My Forms' };

/**
 * My Forms (spec 2 §2): the member's grant cases, newest first, each with its status and its
 * supporting documents. The routing rule runs first (a real redirect); the cases then stream in
 * behind a spinner.
 */
export default async function MyFormsPage({ params }: AccountPageProps) {
  await requireOwnAccount((await params).uid, 'forms');
  return (
    <StreamedAccountSection title="My Forms">
      <MyCases />
    </StreamedAccountSection>
  );
}

async function MyCases() {
  const { cases, intro } = await getCases();
  // The editors' introduction to the grant forms (union_structure_global's forms), then the cases.
  return (
    <>
      {intro && <FormsIntro intro={intro} />}
      {cases.length === 0 ? (
        <EmptyState>{grantMessage('noCases')}</EmptyState>
      ) : (
        // Each case's documents and upload area (spec 2 §4), a client component in the server's list.
        <CaseList cases={cases} renderUploads={(item) => <CaseUploads caseId={item.id} supportPhone={config.supportPhone} />} />
      )}
    </>
  );
}
