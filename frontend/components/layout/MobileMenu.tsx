'use client';

import { useSitePathname } from '@/lib/useSitePathname';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { MenuItem } from '@/lib/bff/types';
import { SmartLink } from '@/components/common/SmartLink';
import { SectionLinks } from './SectionLinks';
import styles from './MobileMenu.module.css';

/**
 * The main menu at 1000px and below: a menu button opening a panel with each section folded, and
 * the account links (`account`) above them.
 */
export function MobileMenu({ items, account }: { items: MenuItem[]; account?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const pathname = useSitePathname();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className={styles.mobile}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          )}
        </svg>
        Menu
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {account && (
          // Any choice there (a modal, My Account, Log out) is a reason to fold the panel away.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the clicks are those of the links and buttons inside, bubbling (Enter and Space fire them too)
          <div className="container" onClick={close}>
            {account}
          </div>
        )}
        <nav aria-label="Main" className="container">
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.id}>
                {item.children.length === 0 ? (
                  <SmartLink link={item} className={styles.link} current={item.url === pathname} onClick={close} />
                ) : (
                  <details className={styles.section}>
                    <summary className={styles.summary}>{item.title}</summary>
                    <ul className={styles.subList}>
                      <SectionLinks
                        section={item}
                        pathname={pathname}
                        onNavigate={close}
                        classes={{
                          overview: styles.subLink,
                          link: styles.subLink,
                          subList: styles.subSubList,
                          subLink: styles.subLink,
                        }}
                      />
                    </ul>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
