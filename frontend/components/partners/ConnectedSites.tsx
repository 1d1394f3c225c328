'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { partnersApi } from '@/lib/bff/browser';
import { CONNECTED_SITES_KEY } from '@/lib/bff/queries';
import type { ConnectedSite, ConnectedSites as Sites } from '@/lib/bff/types';
import { useBffMutation } from '@/lib/bff/useBffMutation';
import { formatDisplayDate } from '@/lib/dates';
import { partnerMessage } from '@/lib/partners';
import { EmptyState } from '@/components/common/EmptyState';
import { useStatusMessages } from '@/components/status/StatusMessages';
import { TaskButton } from '@/components/common/ButtonLink';
import styles from './ConnectedSites.module.css';

/** The Connected sites list; Disconnect asks the BFF and shows the list it answers. */
export function ConnectedSites({ initial }: { initial: Sites }) {
  const sites = useQuery({ queryKey: CONNECTED_SITES_KEY, queryFn: partnersApi.sites, initialData: initial });
  const list = sites.data?.sites ?? [];
  if (list.length === 0) return <EmptyState>{partnerMessage('connectedSitesEmpty')}</EmptyState>;
  return (
    <ul className={styles.list} aria-label={partnerMessage('connectedSitesTitle')}>
      {list.map((site) => (
        <Site key={site.id} site={site} />
      ))}
    </ul>
  );
}

function Site({ site }: { site: ConnectedSite }) {
  const client = useQueryClient();
  const { push } = useStatusMessages();
  const [gone, setGone] = useState(false);
  const disconnect = useBffMutation({
    mutationFn: () => partnersApi.disconnect(site.id),
    onSuccess: (after) => {
      setGone(true);
      client.setQueryData(CONNECTED_SITES_KEY, after);
      push({ message: partnerMessage('disconnected', { partner: site.name }) });
    },
    onError: (error) => push({ message: error.detail, type: 'error' }),
  });
  if (gone) return null;
  return (
    <li className={styles.site} data-testid="connected-site" data-partner-id={site.id}>
      {site.logo && (
        // eslint-disable-next-line @next/next/no-img-element -- a partner's logo, from its own host: the deployment runs no image optimizer
        <img className={styles.logo} src={site.logo} alt="" width={48} height={48} />
      )}
      <div className={styles.details}>
        <p className={styles.name}>{site.name}</p>
        {site.connected && <p className={styles.meta}>{partnerMessage('connectedOn', { date: formatDisplayDate(site.connected) })}</p>}
        <p className={styles.meta}>
          {site.lastSignIn ? partnerMessage('lastSignIn', { date: formatDisplayDate(site.lastSignIn) }) : partnerMessage('neverSignedIn')}
        </p>
      </div>
      <TaskButton
        task={disconnect}
        variant="secondary"
        className={styles.disconnect}
        aria-label={`${partnerMessage('disconnect')} ${site.name}`}
      >
        {disconnect.pending ? partnerMessage('disconnecting') : partnerMessage('disconnect')}
      </TaskButton>
    </li>
  );
}
