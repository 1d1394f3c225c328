'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { hotelLimits, hotelWords, resultsHref, validRange, type DateRange, type HotelLocation } from '@/lib/hotels';
import { DateRangeField } from './DateRangeField';
import { GuestsField, type Guests } from './GuestsField';
import { LocationField } from './LocationField';
import styles from './HotelSearch.module.css';

type Errors = Partial<Record<'location' | 'dates' | 'guests', string>>;

interface Props {
  /** Where the search goes; the browser's own navigation unless a test watches it. */
  go?: (href: string) => void;
  /** Today, for tests. */
  today?: Date;
}

/**
 * The hotel search box (spec 3 §2 'Hotel search box'), above the hero of a benefit page whose
 * node asks for it: a place from the partner's suggestions, optional dates, rooms and guests.
 * Search checks what the BFF will check, then leaves through the results link
 * (lib/hotels.ts resultsHref): the BFF builds the partner's address, member key included.
 */
export function HotelSearch({ go = (href) => window.location.assign(href), today }: Props) {
  const headingId = useId();
  const [location, setLocation] = useState<HotelLocation | null>(null);
  const [dates, setDates] = useState<{ range: DateRange | null; invalid: boolean }>({ range: null, invalid: false });
  const [guests, setGuests] = useState<Guests>({
    rooms: hotelLimits.rooms.default,
    adults: hotelLimits.adults.default,
    childAges: [],
  });
  const [errors, setErrors] = useState<Errors>({});
  const locationRef = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found: Errors = {};
    if (!location) found.location = hotelWords.chooseLocation;
    if (dates.invalid || (dates.range && !validRange(dates.range, today ?? new Date()))) found.dates = hotelWords.badDates;
    if (guests.childAges.some((a) => a === null)) found.guests = hotelWords.chooseAges;
    setErrors(found);
    if (found.location) {
      locationRef.current?.focus();
      return;
    }
    if (!location || found.dates || found.guests) return;
    go(resultsHref({ location, dates: dates.range, ...guests }));
  };

  return (
    <section className={styles.band} aria-labelledby={headingId}>
      <div className="container">
        <form className={styles.card} onSubmit={submit} noValidate>
          <h2 id={headingId} className={styles.heading}>
            {hotelWords.heading}
          </h2>
          <div className={styles.fields}>
            <LocationField
              value={location}
              inputRef={locationRef}
              error={errors.location}
              onChange={(l) => {
                setLocation(l);
                if (l) setErrors((er) => ({ ...er, location: undefined }));
              }}
            />
            <DateRangeField
              today={today}
              error={errors.dates}
              onChange={(d) => {
                setDates(d);
                if (!d.invalid) setErrors((er) => ({ ...er, dates: undefined }));
              }}
            />
            <GuestsField
              value={guests}
              error={errors.guests}
              onChange={(g) => {
                setGuests(g);
                if (!g.childAges.includes(null)) setErrors((er) => ({ ...er, guests: undefined }));
              }}
            />
            <button type="submit" className={styles.submit}>
              {hotelWords.search}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
