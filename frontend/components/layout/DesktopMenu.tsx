'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { MenuItem } from '@/lib/bff/types';
import { SmartLink } from '@/components/common/SmartLink';
import { isInTrail } from './menuPaths';
import { SectionLinks } from './SectionLinks';
import styles from './DesktopMenu.module.css';

/**
 * The main menu above 1000px, as a bar under the logo row: top-level links, and disclosure buttons
 * that open a panel of a section's pages. Disclosure rather than an ARIA menu, because these are
 * links to pages.
 */
export function DesktopMenu({ items }: { items: MenuItem[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const idPrefix = useId();
  const pathname = usePathname();

  // A click anywhere else closes the open panel, as people expect of a dropdown.
  useEffect(() => {
    if (openId === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId]);

  const buttonId = (id: string) => `${idPrefix}-button-${id}`;
  const panelId = (id: string) => `${idPrefix}-panel-${id}`;
  const close = () => setOpenId(null);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || openId === null) return;
    const button = document.getElementById(buttonId(openId));
    setOpenId(null);
    button?.focus();
  }

  function onItemBlur(event: FocusEvent<HTMLLIElement>, id: string) {
    // Tabbing out of a section's panel closes it; moving within the section keeps it open.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null) && openId === id) {
      setOpenId(null);
    }
  }

  return (
    <nav aria-label="Main" className={styles.nav} ref={navRef} onKeyDown={onKeyDown}>
      <ul className={`container ${styles.list}`}>
        {items.map((item) => {
          const active = isInTrail(item, pathname);
          if (item.children.length === 0) {
            return (
              <li key={item.id} className={styles.item} data-active={active || undefined}>
                <SmartLink link={item} className={styles.top} current={item.url === pathname} />
              </li>
            );
          }
          const open = openId === item.id;
          return (
            <li
              key={item.id}
              className={styles.item}
              data-active={active || undefined}
              onBlur={(event) => onItemBlur(event, item.id)}
            >
              <button
                type="button"
                id={buttonId(item.id)}
                className={styles.top}
                aria-expanded={open}
                aria-controls={panelId(item.id)}
                onClick={() => setOpenId(open ? null : item.id)}
              >
                <LabelWithChevron title={item.title} />
              </button>
              <div id={panelId(item.id)} className={styles.panel} hidden={!open}>
                <ul className={styles.panelList}>
                  <SectionLinks
                    section={item}
                    pathname={pathname}
                    onNavigate={close}
                    classes={{
                      overview: `${styles.panelLink} ${styles.overview}`,
                      link: styles.panelLink,
                      subList: styles.subList,
                      subLink: `${styles.panelLink} ${styles.subLink}`,
                    }}
                  />
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A section's label whose chevron stays with the last word when a long label breaks in two. */
function LabelWithChevron({ title }: { title: string }) {
  const split = title.lastIndexOf(' ') + 1;
  return (
    <span>
      {title.slice(0, split)}
      <span className={styles.nowrap}>
        {title.slice(split)}
        <svg className={styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4.5 6 8.5l4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </span>
    </span>
  );
}
