'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { childAgeLabel, childAges, guestsSummary, hotelLimits, hotelWords } from '@/lib/hotels';
import { useDismiss } from './useDismiss';
import { FieldError } from './FieldError';
import { Icon } from '@/components/icons/Icon';
import styles from './HotelSearch.module.css';

export interface Guests {
  rooms: number;
  adults: number;
  /** One per child; null until its age is chosen. */
  childAges: (number | null)[];
}

interface Props {
  value: Guests;
  onChange: (value: Guests) => void;
  error?: string;
}

interface StepperProps {
  label: string;
  value: number;
  bounds: { min: number; max: number };
  onChange: (n: number) => void;
  unit: [string, string];
}

/** A count with − and + buttons, each disabled at its end of the range. */
function Stepper({ label, value, bounds, onChange, unit }: StepperProps) {
  const id = useId();
  return (
    <div className={styles.stepper} role="group" aria-labelledby={id}>
      <span id={id} className={styles.stepperLabel}>
        {label}
      </span>
      <button
        type="button"
        className={styles.stepButton}
        aria-label={`Fewer ${unit[1]}`}
        disabled={value <= bounds.min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output className={styles.stepValue} aria-live="polite" aria-label={`${value} ${value === 1 ? unit[0] : unit[1]}`}>
        {value}
      </output>
      <button
        type="button"
        className={styles.stepButton}
        aria-label={`More ${unit[1]}`}
        disabled={value >= bounds.max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}

/**
 * Rooms 1-9, adults 1-28, children 0-6, each child with an age from Infant to 17 (spec 3 §9), in
 * a dropdown the guest button opens and closes (spec 3 §4). Escape, Done or leaving it closes it.
 */
export function GuestsField({ value, onChange, error }: Props) {
  const id = useId();
  const panelId = `${id}-panel`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const children = value.childAges.length;

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('button:not(:disabled), select')?.focus();
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const inside = useMemo(() => [panelRef, buttonRef], []);
  useDismiss(open, inside, useCallback(() => setOpen(false), []));

  const setChildren = (n: number) => {
    const ages = value.childAges.slice(0, n);
    while (ages.length < n) ages.push(null);
    onChange({ ...value, childAges: ages });
  };

  return (
    <div className={`${styles.field} ${styles.guests}`}>
      <span className={styles.label} id={`${id}-label`}>
        {hotelWords.guests}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className={styles.guestsButton}
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby={`${id}-label ${id}-summary`}
        aria-describedby={error ? errorId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <Icon name="person" className={styles.fieldIcon} />
        <span id={`${id}-summary`}>{guestsSummary(value.rooms, value.adults, children)}</span>
        <Icon name="caret" className={styles.chevron} />
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape from any control inside closes the panel; the panel itself takes no focus */}
      <div
        ref={panelRef}
        id={panelId}
        className={styles.guestsPanel}
        hidden={!open}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            close(true);
          }
        }}
      >
        <Stepper
          label={hotelWords.rooms}
          unit={['room', 'rooms']}
          value={value.rooms}
          bounds={hotelLimits.rooms}
          onChange={(rooms) => onChange({ ...value, rooms })}
        />
        <Stepper
          label={hotelWords.adults}
          unit={['adult', 'adults']}
          value={value.adults}
          bounds={hotelLimits.adults}
          onChange={(adults) => onChange({ ...value, adults })}
        />
        <Stepper
          label={hotelWords.children}
          unit={['child', 'children']}
          value={children}
          bounds={hotelLimits.children}
          onChange={setChildren}
        />
        {children > 0 && (
          <div className={styles.ages}>
            {value.childAges.map((age, i) => {
              const label = hotelWords.childAge.replace('{n}', String(i + 1));
              return (
                <label key={i} className={styles.age}>
                  <span>{label}</span>
                  <select
                    className={styles.select}
                    value={age ?? ''}
                    aria-invalid={error && age === null ? true : undefined}
                    onChange={(e) => {
                      const ages = value.childAges.slice();
                      ages[i] = e.target.value === '' ? null : Number(e.target.value);
                      onChange({ ...value, childAges: ages });
                    }}
                  >
                    <option value="">Age</option>
                    {childAges.map((a) => (
                      <option key={a} value={a}>
                        {childAgeLabel(a)}
                      </option>
                    ))}
                  </select>
                </label>
              );
            })}
          </div>
        )}
        <button type="button" className={styles.done} onClick={() => close(true)}>
          Done
        </button>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
