'use client';

import { useSitePathname } from '@/lib/useSitePathname';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { SmartLink } from '@/components/common/SmartLink';
import { Icon } from '@/components/icons/Icon';
import { isInTrail } from './menuPaths';
import { visibleCount, type MenuEntry } from './priorityNav';
import { SectionLinks } from './SectionLinks';
import styles from './MainMenu.module.css';

/** The disclosure id of the 'More' button; menu ids come from the CMS and never start with '__'. */
const MORE = '__more';

/** Above this width the menu is a bar under the logo row; at it and below, a panel the Menu button opens. */
const WIDE = '(width > 1000px)';

/** Whether the menu panel is open (narrow screens), shared by the Menu button and the menu. */
interface PanelState {
  open: boolean;
  setOpen: (open: boolean) => void;
  panelId: string;
  buttonRef: React.RefObject<HTMLButtonElement | null>;
}

const Panel = createContext<PanelState | null>(null);

/** Holds the panel's state for the Menu button (in the header's row) and the menu (below it). */
export function MainMenuProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return <Panel.Provider value={{ open, setOpen, panelId, buttonRef }}>{children}</Panel.Provider>;
}

function usePanel(): PanelState {
  const panel = useContext(Panel);
  if (!panel) throw new Error('MainMenu and MenuButton go inside MainMenuProvider');
  return panel;
}

/** The button that opens the menu's panel; CSS shows it at 1000px and below only. */
export function MenuButton() {
  const { open, setOpen, panelId, buttonRef } = usePanel();
  return (
    <button
      ref={buttonRef}
      type="button"
      className={styles.menuButton}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen(!open)}
    >
      <Icon name={open ? 'close' : 'menu'} size={22} />
      Menu
    </button>
  );
}

/**
 * The main menu, drawn once for every width; CSS lays it out. Above 1000px it is a bar under the
 * logo row; at 1000px and below it sits in a panel the Menu button opens, the account links
 * (`account`) above it, and its sections fold. Either way a section is a disclosure button
 * controlling the list of its pages (links to pages, so not an ARIA menu), and the Menu button
 * is not shown, so not announced, on wide screens, where the list is always shown.
 *
 * On wide screens it is a priority navigation (spec 3 §4): the items that fit the bar are shown in
 * weight order and the rest move under a 'More' button. The server sends every item, so without
 * JavaScript all of them are in the bar (long labels break onto two lines instead); the browser
 * measures a hidden copy of the labels and moves what does not fit, again whenever the bar changes
 * width. `items` come in weight order (priorityNav's menuEntries).
 */
export function MainMenu({ items, account }: { items: MenuEntry[]; account?: ReactNode }) {
  const panel = usePanel();
  const [openId, setOpenId] = useState<string | null>(null);
  // null until measured on a wide screen: then every item is in the bar.
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
      // The panel of narrow screens lists every item; jsdom has no media queries and is wide.
      if (typeof matchMedia === 'function' && !matchMedia(WIDE).matches) {
        setShown(null);
        return;
      }
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
  }, [items]);

  const count = shown ?? items.length;
  const inBar = items.slice(0, count);
  const overflow = items.slice(count);

  // An open section that moved under 'More' has no panel any more.
  if (openId !== null && openId !== MORE && !inBar.some((item) => item.id === openId)) {
    setOpenId(null);
  }

  const buttonId = (id: string) => `${idPrefix}-button-${id}`;
  const sectionId = (id: string) => `${idPrefix}-panel-${id}`;
  const { open: panelOpen, setOpen: setPanelOpen, buttonRef } = panel;

  // A click anywhere else closes the open section, as people expect of a dropdown.
  useEffect(() => {
    if (openId === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId]);

  // Escape closes the open section (back to its button), else the panel (back to the Menu button).
  useEffect(() => {
    if (openId === null && !panelOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (openId !== null) {
        const button = document.getElementById(buttonId(openId));
        setOpenId(null);
        button?.focus();
      } else {
        setPanelOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  /** A link was followed: nothing of the menu stays open. */
  const close = () => {
    setOpenId(null);
    setPanelOpen(false);
  };

  function onItemBlur(event: FocusEvent<HTMLLIElement>, id: string) {
    // Tabbing out of a section closes it; moving within the section keeps it open.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null) && openId === id) {
      setOpenId(null);
    }
  }

  function disclosure(id: string, label: string, content: ReactNode, active: boolean, extraClass = '') {
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
          aria-controls={sectionId(id)}
          onClick={() => setOpenId(open ? null : id)}
        >
          <LabelWithChevron title={label} />
        </button>
        {/* Its links are drawn when it opens: closed, they would only add to every page's bytes. */}
        <div id={sectionId(id)} className={styles.section} hidden={!open}>
          {open && content}
        </div>
      </li>
    );
  }

  const sectionClasses = {
    overview: `${styles.sectionLink} ${styles.overview}`,
    link: styles.sectionLink,
    subList: styles.subList,
    subLink: `${styles.sectionLink} ${styles.subLink}`,
  };

  return (
    <div id={panel.panelId} className={styles.panel} data-open={panelOpen || undefined}>
      {account && (
        // Any choice there (a modal, My Account, Log out) is a reason to fold the panel away.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the clicks are those of the links and buttons inside, bubbling (Enter and Space fire them too)
        <div className={`container ${styles.account}`} onClick={close}>
          {account}
        </div>
      )}
      <nav aria-label="Main" className={styles.nav} ref={navRef}>
        <div className={`container ${styles.bar}`}>
          <ul className={styles.list} ref={listRef} data-measured={shown !== null || undefined}>
            {inBar.map((item) => {
              const active = isInTrail(item, pathname);
              if (!item.children) {
                return (
                  <li key={item.id} className={styles.item} data-active={active || undefined}>
                    <SmartLink link={item} className={styles.top} current={item.url === pathname} onClick={close} />
                  </li>
                );
              }
              return disclosure(
                item.id,
                item.title,
                <ul className={styles.sectionList}>
                  <SectionLinks section={item} pathname={pathname} onNavigate={close} classes={sectionClasses} />
                </ul>,
                active,
              );
            })}
            {overflow.length > 0 &&
              disclosure(
                MORE,
                'More',
                <ul className={`${styles.sectionList} ${styles.moreList}`}>
                  {overflow.map((item) =>
                    !item.children ? (
                      <li key={item.id}>
                        <SmartLink
                          link={item}
                          className={`${styles.sectionLink} ${styles.moreTop}`}
                          current={item.url === pathname}
                          onClick={close}
                        />
                      </li>
                    ) : (
                      <li key={item.id} className={styles.moreSection}>
                        <span className={styles.moreHeading}>{item.title}</span>
                        <ul className={styles.sectionList}>
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
            {items.map((item) => (
              <span key={item.id} className={styles.top}>
                {item.children ? <LabelWithChevron title={item.title} /> : item.title}
              </span>
            ))}
            <span className={styles.top}>
              <LabelWithChevron title="More" />
            </span>
          </div>
        </div>
      </nav>
    </div>
  );
}

/** A section's label whose chevron (CSS) stays with the last word when a long label breaks in two. */
function LabelWithChevron({ title }: { title: string }) {
  const split = title.lastIndexOf(' ') + 1;
  return (
    <span>
      {title.slice(0, split)}
      <span className={styles.nowrap}>{title.slice(split)}</span>
    </span>
  );
}
