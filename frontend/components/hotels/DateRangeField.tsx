'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  addDays,
  addMonths,
  formatRange,
  hotelLimits,
  hotelWords,
  lastCheckIn,
  monthWeeks,
  monthsShown,
  moveDay,
  parseRange,
  pickDay,
  sameDay,
  startOfDay,
  toYmd,
  type DateRange,
} from '@/lib/hotels';
import { useDismiss } from './useDismiss';
import { FieldError } from './FieldError';
import { Icon } from '@/components/icons/Icon';
import styles from './HotelSearch.module.css';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

const monthTitle = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
const dayName = (d: Date) =>
  d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const monthIndex = (d: Date) => d.getFullYear() * 12 + d.getMonth();

interface Props {
  /** The range chosen, or null; `invalid` when the box holds text that is no range. */
  onChange: (value: { range: DateRange | null; invalid: boolean }) => void;
  error?: string;
  /** Today, for tests; the reader's own day otherwise. */
  today?: Date;
}

/**
 * Check-in and check-out (spec 3 §5, §9): a box that takes 'mm/dd/yyyy to mm/dd/yyyy' typed, and
 * a calendar in range mode beside it, from today on, showing two months from 768 px wide and one
 * below. The calendar is keyboard-first: the arrows move a day or a week, Home and End to the
 * week's ends, Page Up and Down a month, Enter or Space picks (first the check-in, then the
 * check-out), Escape closes it and returns to its button. Built here rather than taken from a
 * package: the site adds no dependency for one widget.
 */
export function DateRangeField({ onChange, error, today: todayProp }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const popoverId = `${id}-calendar`;
  const [today] = useState(() => startOfDay(todayProp ?? new Date()));
  const [text, setText] = useState('');
  const [range, setRange] = useState<{ checkIn: Date | null; checkOut: Date | null }>({ checkIn: null, checkOut: null });
  const [open, setOpen] = useState(false);
  const [focusDay, setFocusDay] = useState(today);
  const [firstMonth, setFirstMonth] = useState(addMonths(today, 0));
  const [months, setMonths] = useState<1 | 2>(2);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const last = lastCheckIn(today);

  // Two months from 768 px, one below, following the window as it changes.
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(`(min-width: ${hotelLimits.monthsWideMinWidth}px)`);
    const follow = () => setMonths(monthsShown(window.innerWidth));
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [open]);

  // The focused day is always on screen, and has the focus while the calendar is open.
  useEffect(() => {
    if (!open) return;
    popoverRef.current?.querySelector<HTMLButtonElement>(`[data-day="${toYmd(focusDay)}"]`)?.focus();
  }, [open, focusDay, firstMonth, months]);

  const show = (day: Date) => {
    const d = day < today ? today : day > addDays(last, 1) ? addDays(last, 1) : day;
    setFocusDay(d);
    const first = monthIndex(firstMonth);
    if (monthIndex(d) < first) setFirstMonth(addMonths(d, 0));
    else if (monthIndex(d) > first + months - 1) setFirstMonth(addMonths(d, -(months - 1)));
  };

  const openCalendar = () => {
    const start = range.checkIn ?? today;
    setFocusDay(start);
    setFirstMonth(addMonths(start, 0));
    setOpen(true);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggleRef.current?.focus();
  };

  const pick = (day: Date) => {
    const next = pickDay(range, day);
    setRange(next);
    setFocusDay(day);
    if (next.checkIn && next.checkOut) {
      const chosen = { checkIn: next.checkIn, checkOut: next.checkOut };
      setText(formatRange(chosen));
      onChange({ range: chosen, invalid: false });
      close(true);
    }
  };

  const onDayKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const to = moveDay(focusDay, e.key);
    if (to) {
      e.preventDefault();
      show(to);
    }
  };

  const onTyped = () => {
    const parsed = parseRange(text, today);
    if (parsed === 'invalid') {
      onChange({ range: null, invalid: true });
      return;
    }
    setRange(parsed ? { checkIn: parsed.checkIn, checkOut: parsed.checkOut } : { checkIn: null, checkOut: null });
    if (parsed) setText(formatRange(parsed));
    onChange({ range: parsed, invalid: false });
  };

  const inside = useMemo(() => [popoverRef, toggleRef], []);
  useDismiss(open, inside, useCallback(() => setOpen(false), []));

  // From today; the last day is the last check-in's check-out.
  const disabled = (d: Date) => d < today || d > addDays(last, 1);
  const inRange = (d: Date) => !!range.checkIn && !!range.checkOut && d > range.checkIn && d < range.checkOut;

  return (
    <div className={`${styles.field} ${styles.dates}`}>
      <label htmlFor={id} className={styles.label}>
        {hotelWords.dates}
      </label>
      <div className={styles.dateWrap}>
        <input
          id={id}
          className={styles.input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={hotelWords.datesPlaceholder}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={onTyped}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onTyped();
          }}
        />
        <span id={hintId} className="visually-hidden">
          Optional. {hotelWords.datesPlaceholder}.
        </span>
        <button
          ref={toggleRef}
          type="button"
          className={styles.calendarToggle}
          aria-label="Choose dates on a calendar"
          aria-expanded={open}
          aria-controls={popoverId}
          onClick={() => (open ? close(false) : openCalendar())}
        >
          <Icon name="calendar" />
        </button>
        {open && (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from any control inside closes the calendar; the dialog itself takes no focus
          <div
            ref={popoverRef}
            id={popoverId}
            role="dialog"
            aria-label="Choose check-in and check-out dates"
            className={styles.calendar}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                close(true);
              }
            }}
          >
            <p className={styles.calendarHint} aria-live="polite">
              {range.checkIn && !range.checkOut ? 'Now choose your check-out date.' : 'Choose your check-in date.'}
            </p>
            <div className={styles.calendarNav}>
              <button
                type="button"
                className={styles.navButton}
                aria-label="Previous month"
                disabled={monthIndex(firstMonth) <= monthIndex(today)}
                onClick={() => {
                  const month = addMonths(firstMonth, -1);
                  setFirstMonth(month);
                  setFocusDay(month < today ? today : month);
                }}
              >
                ‹
              </button>
              <button
                type="button"
                className={styles.navButton}
                aria-label="Next month"
                disabled={monthIndex(firstMonth) + months - 1 >= monthIndex(last)}
                onClick={() => {
                  const month = addMonths(firstMonth, 1);
                  setFirstMonth(month);
                  setFocusDay(month);
                }}
              >
                ›
              </button>
            </div>
            <div className={styles.months}>
              {Array.from({ length: months }, (_, i) => addMonths(firstMonth, i)).map((month) => {
                const titleId = `${id}-m${monthIndex(month)}`;
                return (
                  <table key={titleId} className={styles.month} aria-labelledby={titleId}>
                    <caption id={titleId} className={styles.monthTitle}>
                      {monthTitle(month)}
                    </caption>
                    <thead>
                      <tr>
                        {WEEKDAYS.map(([short, long]) => (
                          <th key={short} scope="col" abbr={long}>
                            {short.slice(0, 2)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {monthWeeks(month).map((week, w) => (
                        <tr key={w}>
                          {week.map((day, d) =>
                            day ? (
                              <td key={d}>
                                <button
                                  type="button"
                                  className={styles.day}
                                  data-day={toYmd(day)}
                                  data-edge={sameDay(day, range.checkIn) || sameDay(day, range.checkOut) ? true : undefined}
                                  data-between={inRange(day) ? true : undefined}
                                  data-today={sameDay(day, today) ? true : undefined}
                                  tabIndex={sameDay(day, focusDay) ? 0 : -1}
                                  disabled={disabled(day)}
                                  aria-pressed={sameDay(day, range.checkIn) || sameDay(day, range.checkOut)}
                                  aria-label={
                                    dayName(day) +
                                    (sameDay(day, range.checkIn) ? ', check-in' : sameDay(day, range.checkOut) ? ', check-out' : '')
                                  }
                                  onKeyDown={onDayKey}
                                  onClick={() => pick(day)}
                                >
                                  {day.getDate()}
                                </button>
                              </td>
                            ) : (
                              <td key={d} />
                            ),
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                );
              })}
            </div>
          </div>
        )}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
