'use client';

import { useSitePathname } from '@/lib/useSitePathname';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { MenuItem } from '@/lib/bff/types';
import { SmartLink } from '@/components/common/SmartLink';
import { isInTrail } from './menuPaths';
import { sortByWeight, visibleCount } from './priorityNav';
import { SectionLinks } from './SectionLinks';
import styles from './DesktopMenu.module.css';

/** The disclosure id of the 'More' button; menu ids come from the CMS and never start with '__'. */
const MORE = '__more';

/**
 * The main menu above 1000px, as a bar under the logo row: top-level links, and disclosure buttons
 * that open a panel of a section's pages. Disclosure rather than an ARIA menu, because these are
 * links to pages.
 *
 * It is a priority navigation (spec 3 §4): the items that fit the bar are shown in weight order and
 * the rest move under a 'More' button. The server sends every item, so without JavaScript all of
 * them are in the bar (long labels break onto two lines instead); the browser measures a hidden copy
 * of the labels and moves what does not fit, again whenever the bar changes width.
 */
export function DesktopMenu({ items }: { items: MenuItem[] }) {
  const sorted = useMemo(() => sortByWeight(items), [items]);
  const [openId, setOpenId] = useState<string | null>(null);
  // null until measured: then every item is in the bar.
  const [shown, setShown] = useState<number | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const pathname = useSitePathname();

  // Before paint, so a page never shows the squeezed bar once JavaScript runs.
  useLayoutEffect(() => {
    const list = listRef.current;
    const measure = measureRef.current;
    if (!list || !measure) return;
    const update = () => {
      const first = list.firstElementChild;
      if (!first) return;
      const labels = [...measure.children].map((child) => child.getBoundingClientRect().width);
      const moreWidth = labels.pop() ?? 0;
      const available = list.getBoundingClientRect().right - first.getBoundingClientRect().left;
      setShown(visibleCount(labels, available, moreWidth));
    };
    update();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(update);
    observer.observe(list);
    return () => observer.disconnect();
  }, [sorted]);

  const count = shown ?? sorted.length;
  const inBar = sorted.slice(0, count);
  const overflow = sorted.slice(count);

  // An open section that moved under 'More' has no panel any more.
  if (openId !== null && openId !== MORE && !inBar.some((item) => item.id === openId)) {
    setOpenId(null);
  }

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

  function disclosure(id: string, label: string, panel: ReactNode, active: boolean, extraClass = '') {
    const open = openId === id;
    return (
      <li
        key={id}
        className={`${styles.item} ${extraClass}`}
        data-active={active || undefined}
        onBlur={(event) => onItemBlur(event, id)}
      >
        <button
          type="button"
          id={buttonId(id)}
          className={styles.top}
          aria-expanded={open}
          aria-controls={panelId(id)}
          onClick={() => setOpenId(open ? null : id)}
        >
          <LabelWithChevron title={label} />
        </button>
        <div id={panelId(id)} className={styles.panel} hidden={!open}>
          {panel}
        </div>
      </li>
    );
  }

  const sectionClasses = {
    overview: `${styles.panelLink} ${styles.overview}`,
    link: styles.panelLink,
    subList: styles.subList,
    subLink: `${styles.panelLink} ${styles.subLink}`,
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from any button or link inside closes the open panel; the nav itself takes no focus
    <nav aria-label="Main" className={styles.nav} ref={navRef} onKeyDown={onKeyDown}>
      <div className={`container ${styles.bar}`}>
        <ul className={styles.list} ref={listRef} data-measured={shown !== null || undefined}>
          {inBar.map((item) => {
            const active = isInTrail(item, pathname);
            if (item.children.length === 0) {
              return (
                <li key={item.id} className={styles.item} data-active={active || undefined}>
                  <SmartLink link={item} className={styles.top} current={item.url === pathname} />
                </li>
              );
            }
            return disclosure(
              item.id,
              item.title,
              <ul className={styles.panelList}>
                <SectionLinks section={item} pathname={pathname} onNavigate={close} classes={sectionClasses} />
              </ul>,
              active,
            );
          })}
          {overflow.length > 0 &&
            disclosure(
              MORE,
              'More',
              <ul className={`${styles.panelList} ${styles.morePanel}`}>
                {overflow.map((item) =>
                  item.children.length === 0 ? (
                    <li key={item.id}>
                      <SmartLink
                        link={item}
                        className={`${styles.panelLink} ${styles.moreTop}`}
                        current={item.url === pathname}
                        onClick={close}
                      />
                    </li>
                  ) : (
                    <li key={item.id} className={styles.moreSection}>
                      <span className={styles.moreHeading}>{item.title}</span>
                      <ul className={styles.panelList}>
                        <SectionLinks section={item} pathname={pathname} onNavigate={close} classes={sectionClasses} />
                      </ul>
                    </li>
                  ),
                )}
              </ul>,
              overflow.some((item) => isInTrail(item, pathname)),
              styles.more,
            )}
        </ul>
        {/* The labels at their natural width, measured to decide what fits; never seen or read. */}
        <div className={styles.measure} ref={measureRef} aria-hidden="true">
          {sorted.map((item) => (
            <span key={item.id} className={styles.top}>
              {item.children.length === 0 ? item.title : <LabelWithChevron title={item.title} />}
            </span>
          ))}
          <span className={styles.top}>
            <LabelWithChevron title="More" />
          </span>
        </div>
      </div>
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
