'use client';

import Link from 'next/link';
import { useSelectedLayoutSegment } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { ACCOUNT_TABS, accountHref, tabOfSegment } from '@/lib/accountRoutes';
import styles from '@/components/common/SecondaryNav.module.css';

/**
 * The account hero's tabs: links (each tab is its own address), the current one marked with
 * aria-current. On a phone the row scrolls sideways, so the current tab is scrolled into view.
 */
export function AccountTabs({ uid }: { uid: string }) {
  const current = tabOfSegment(useSelectedLayoutSegment());
  const currentRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const link = currentRef.current;
    const row = link?.closest('ul');
    if (!link || !row) return;
    // Sideways only: scrollIntoView could also move the page up or down.
    const tab = link.getBoundingClientRect();
    const visible = row.getBoundingClientRect();
    if (tab.left < visible.left || tab.right > visible.right) row.scrollLeft += tab.left - visible.left;
  }, [current]);

  return (
    <nav aria-label="My Account" className={styles.nav}>
      <ul className={`container ${styles.list}`}>
        {ACCOUNT_TABS.map(({ tab, label }) => {
          const active = tab === current;
          return (
            <li key={tab}>
              <Link
                href={accountHref(uid, tab)}
                className={styles.link}
                aria-current={active ? 'page' : undefined}
                ref={active ? currentRef : undefined}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
