import { Icon } from '@/components/icons/Icon';
import type { SocialNetwork } from '@/lib/bff/types';

/** How each network is named to people, e.g. for screen readers. */
export const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return <Icon name={network} size={22} />;
}
