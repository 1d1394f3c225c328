'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Modal } from '@/components/modals/Modal';
import type { VisibleUnion } from '@/lib/bff/types';
import { unionPageHref, type UnionPage } from './unionPages';
import { matchCount, matchUnions } from './unionSearch';
import styles from './UnionPicker.module.css';

interface UnionPickerProps {
  /** The union page the visitor set out for; choosing goes there, for the union chosen. */
  page: UnionPage;
  /** The unions to choose from (Session.visibleUnions), in the session's order. */
  unions: readonly VisibleUnion[];
  /** Called once the dialog has closed (Escape, the close button, the backdrop). */
  onClose: () => void;
  /**
   * Goes to the chosen union's page. A whole page load, not a client-side move: the layout (menus,
   * footer) and everything after must be drawn for the union the proxy now keeps in its cookie.
   */
  navigate?: (href: string) => void;
}

const goTo = (href: string) => window.location.assign(href);

/**
 * The union picker: the site's modal (components/modals/Modal: the page behind is inert, Escape,
 * the close button and the backdrop close it, focus goes back to the control that opened it)
 * holding a combobox over a list of the unions. Typing filters the list in memory by name or short
 * name; ArrowDown and ArrowUp move through the matches, Enter or a click chooses one (Enter alone
 * chooses a single match), Escape clears the search and then closes. A live region says how many
 * unions match. Choosing opens that union's page with ?union=, exactly as a hand-typed ?union=
 * link does.
 */
export function UnionPicker({ page, unions, onClose, navigate = goTo }: UnionPickerProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<string | null>(null);
  const matches = useMemo(() => matchUnions(unions, search), [unions, search]);

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
        // The first Escape empties the search (its default, the dialog's cancel, prevented); with
        // nothing typed, the dialog closes as usual.
        if (search !== '') {
          event.preventDefault();
          setSearch('');
          setActive(-1);
        }
        break;
    }
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <Modal name="union-picker" title="Find your union" onClose={onClose}>
      <p className={styles.intro}>Choose your union to see the benefits its members get. We&rsquo;ll remember it on this device.</p>
      <label htmlFor={`${id}-input`} className={styles.label}>
        Union name or short name
      </label>
      <input
        id={`${id}-input`}
        // The search, not the close button, takes the focus when the dialog opens (Modal).
        data-autofocus=""
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
    </Modal>
  );
}
