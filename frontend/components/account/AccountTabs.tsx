'use client';

import Link from 'next/link';
import { useSelectedLayoutSegment } from 'next/navigation';
import { accountNavLinks, tabOfSegment, type AccountNavLink } from '@/lib/accountRoutes';
import { TabRow } from '@/components/common/TabRow';
import styles from '@/components/common/SecondaryNav.module.css';

/**
 * The account hero's tabs: links (each tab is its own address), the current one marked with
 * aria-current, in the row that shows when there is more to scroll to and keeps the current tab
 * in view (TabRow). Under /account/{uid} the current tab is the layout's child segment; a page
 * outside it (My Favorites) says which it is.
 */
export function AccountTabs({ uid, current: given }: { uid: string; current?: AccountNavLink['key'] }) {
  const segment = tabOfSegment(useSelectedLayoutSegment());
  const current = given ?? segment;
  return (
    <TabRow label="My Account" current={current ?? undefined}>
      {accountNavLinks(uid).map(({ key, label, href }) => (
        <li key={key}>
          <Link href={href} className={styles.link} aria-current={key === current ? 'page' : undefined}>
            {label}
          </Link>
        </li>
      ))}
    </TabRow>
  );
}
