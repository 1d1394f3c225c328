'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { hotelWords, locationKind, locationLabel, type HotelLocation } from '@/lib/hotels';
import { useLocationSuggestions } from './useLocationSuggestions';
import { FieldError } from './FieldError';
import { Icon } from '@/components/icons/Icon';
import styles from './HotelSearch.module.css';

interface Props {
  value: HotelLocation | null;
  onChange: (location: HotelLocation | null) => void;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * The location box: an ARIA 1.2 combobox over the partner's suggestions. Typing asks for them
 * (useLocationSuggestions); Down and Up move through the list, Enter takes the active one,
 * Escape closes the list (and clears the box when it is already closed); a click or tap takes
 * one too. Typing again after a choice drops it: only a chosen suggestion names a destination.
 */
export function LocationField({ value, onChange, error, inputRef }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [text, setText] = useState(value ? locationLabel(value) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { items, loading } = useLocationSuggestions(text, value === null);
  const shown = open && value === null && items.length > 0;

  const choose = (item: HotelLocation) => {
    onChange(item);
    setText(locationLabel(item));
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (items.length === 0 || value !== null) return;
        e.preventDefault();
        setOpen(true);
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((a) => (!shown ? (step > 0 ? 0 : items.length - 1) : (a + step + items.length) % items.length));
        break;
      }
      case 'Enter':
        if (shown && active >= 0 && items[active]) {
          e.preventDefault(); // take the suggestion, do not submit the search
          choose(items[active]);
        }
        break;
      case 'Escape':
        if (shown) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          e.preventDefault();
          setText('');
          onChange(null);
        }
        break;
    }
  };

  const status = !open || value !== null || loading ? '' : items.length === 0 ? hotelWords.noMatches : `${items.length} suggestions`;

  return (
    <div className={`${styles.field} ${styles.location}`}>
      <label htmlFor={id} className={styles.label}>
        {hotelWords.location}
      </label>
      <div className={styles.comboWrap}>
        <Icon name="pin" className={styles.fieldIcon} />
        <input
          ref={inputRef}
          id={id}
          className={styles.input}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={hotelWords.locationPlaceholder}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            if (value) onChange(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <ul id={listId} role="listbox" aria-label={hotelWords.location} className={styles.listbox} hidden={!shown}>
          {items.map((item, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- an option never takes the focus: the combobox's keys choose the active one
            <li
              key={`${item.type}-${item.id}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={styles.option}
              // Keep the focus in the box: a blur first would close the list under the pointer.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
            >
              <span className={styles.optionName}>{locationLabel(item)}</span>
              <span className={styles.optionKind}>{locationKind(item.type)}</span>
            </li>
          ))}
        </ul>
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {status}
      </span>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
