'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { VisibleUnion } from '@/lib/bff/types';
import { matchCount, matchUnions, unionPageHref, type UnionPage } from './unionPages';
import styles from './UnionPicker.module.css';

interface UnionPickerProps {
  /** The union page the visitor set out for; choosing goes there, for the union chosen. */
  page: UnionPage;
  /** The unions to choose from (Session.visibleUnions), in the session's order. */
  unions: readonly VisibleUnion[];
  /** Called once the dialog has closed (Escape, the close button, the backdrop). */
  onClose: () => void;
  /** Where focus goes back to on closing: the control that opened the picker. */
  opener?: HTMLElement | null;
  /**
   * Goes to the chosen union's page. A whole page load, not a client-side move: the layout (menus,
   * footer) and everything after must be drawn for the union the proxy now keeps in its cookie.
   */
  navigate?: (href: string) => void;
}

const goTo = (href: string) => window.location.assign(href);

/**
 * The union picker: a native modal dialog (the page behind is inert; Escape closes it; focus goes
 * back to its opener) holding a combobox over a list of the unions. Typing filters the list in
 * memory by name or short name; ArrowDown and ArrowUp move through the matches, Enter or a click
 * chooses one (Enter alone chooses a single match), Escape clears the search and then closes. A
 * live region says how many unions match. Choosing opens that union's page with ?union=, exactly
 * as a hand-typed ?union= link does.
 */
export function UnionPicker({ page, unions, onClose, opener, navigate = goTo }: UnionPickerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<string | null>(null);
  const matches = useMemo(() => matchUnions(unions, search), [unions, search]);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Older engines (and jsdom) lack showModal: the dialog then at least shows.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    // The search, not the first control (Close) that showModal would focus: the dialog is there
    // to type a union's name into. Only now: nothing in a closed dialog can take the focus.
    inputRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [opener]);

  // The active option stays in view as the arrows move through a long list.
  useEffect(() => {
    if (active < 0) return;
    const option = listRef.current?.children[active];
    if (option instanceof HTMLElement && typeof option.scrollIntoView === 'function') option.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (union: VisibleUnion) => {
    setChosen(union.unionLabel);
    navigate(unionPageHref(page, union.id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (matches.length > 0) setActive((i) => (i + 1) % matches.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (matches.length > 0) setActive((i) => (i <= 0 ? matches.length - 1 : i - 1));
        break;
      case 'Enter': {
        event.preventDefault();
        const union = matches[active] ?? (matches.length === 1 ? matches[0] : undefined);
        if (union) choose(union);
        break;
      }
      case 'Escape':
        // The first Escape empties the search; with nothing typed, the dialog closes as usual.
        if (search !== '') {
          event.preventDefault();
          setSearch('');
          setActive(-1);
        }
        break;
    }
  };

  const titleId = `${id}-title`;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop; Escape closes a modal dialog by itself
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-union-picker=""
      // A close that another render undid (React re-running effects in development) is no close.
      onClose={() => {
        if (!dialogRef.current?.open) onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) dialogRef.current.close(); // the backdrop
      }}
    >
      <div className={styles.panel}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            Find your union
          </h2>
          <button type="button" className={styles.close} onClick={() => dialogRef.current?.close()} aria-label="Close">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M4.5 4.5l11 11M15.5 4.5l-11 11" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <p className={styles.intro}>Choose your union to see the benefits its members get. We&rsquo;ll remember it on this device.</p>
        <label htmlFor={`${id}-input`} className={styles.label}>
          Union name or short name
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className={styles.input}
          type="text"
          role="combobox"
          aria-expanded={matches.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 && active < matches.length ? optionId(active) : undefined}
          aria-describedby={`${id}-count`}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="e.g. Teachers or AFT"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        <p id={`${id}-count`} className={styles.count} role="status" aria-live="polite">
          {chosen ? `Opening ${chosen}…` : matchCount(matches.length, search.trim() !== '')}
        </p>
        <ul id={listId} ref={listRef} role="listbox" aria-label="Unions" className={styles.list} hidden={matches.length === 0}>
          {matches.map((union, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's keys choose an option: focus stays in the input
            <li
              key={union.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={styles.option}
              onClick={() => choose(union)}
              onMouseMove={() => setActive(i)}
            >
              {union.unionLabel}
            </li>
          ))}
        </ul>
      </div>
    </dialog>
  );
}
