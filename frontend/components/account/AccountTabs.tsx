'use client';

import Link from 'next/link';
import { useSelectedLayoutSegment } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { accountNavLinks, tabOfSegment, type AccountNavLink } from '@/lib/accountRoutes';
import styles from '@/components/common/SecondaryNav.module.css';

/**
 * The account hero's tabs: links (each tab is its own address), the current one marked with
 * aria-current. On a phone the row scrolls sideways, so the current tab is scrolled into view.
 * Under /account/{uid} the current tab is the layout's child segment; a page outside it (My
 * Favorites) says which it is.
 */
export function AccountTabs({ uid, current: given }: { uid: string; current?: AccountNavLink['key'] }) {
  const segment = tabOfSegment(useSelectedLayoutSegment());
  const current = given ?? segment;
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
        {accountNavLinks(uid).map(({ key, label, href }) => {
          const active = key === current;
          return (
            <li key={key}>
              <Link
                href={href}
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
