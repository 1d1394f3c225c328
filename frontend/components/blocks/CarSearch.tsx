'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import type { CarSearchBlock } from '@/lib/bff/types';
import { SelectField, TextField } from '@/components/forms/fields';
import buttons from '@/components/common/ButtonLink.module.css';
import {
  carMessage,
  carSearchTypes,
  carSearchUrl,
  checkCarSearch,
  makesFor,
  zipLength,
  type CarSearchErrors,
  type CarSearchType,
} from '@/lib/carSearch';
import shared from './blockStyles.module.css';
import styles from './CarSearch.module.css';

/**
 * car_search: new or used, a make and a zip code; a valid search leaves for the pricing site
 * (lib/carSearch.ts has the rules). Only the makes the chosen type offers are listed, so
 * switching type drops a make the other type does not have.
 */
export function CarSearch({ block }: { block: CarSearchBlock }) {
  const headingId = useId();
  const [type, setType] = useState<CarSearchType>('new');
  const [make, setMake] = useState('');
  const [zip, setZip] = useState('');
  const [errors, setErrors] = useState<CarSearchErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const offered = makesFor(block.makes, type);

  function chooseType(next: CarSearchType) {
    setType(next);
    if (!makesFor(block.makes, next).some((m) => m.slug === make)) setMake('');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { type, make, zip };
    const found = checkCarSearch(values, block.makes);
    setErrors(found);
    if (found.make || found.zip) {
      // The first field that needs attention takes focus, so its message is read out with it.
      form.current?.querySelector<HTMLElement>(found.make ? 'select' : 'input[inputmode]')?.focus();
      return;
    }
    window.location.assign(carSearchUrl(values));
  }

  return (
    <section className={shared.section} data-block="car_search" aria-labelledby={block.headline ? headingId : undefined}>
      <div className="container">
        <div className={styles.card}>
          <div className={styles.copy}>
            {block.headline && (
              <h2 id={headingId} className={shared.headline}>
                {block.headline}
              </h2>
            )}
            {block.description && <p className={styles.description}>{block.description}</p>}
          </div>
          <form ref={form} className={styles.form} onSubmit={submit} noValidate aria-label={block.headline ? undefined : carMessage('submit')}>
            <fieldset className={styles.types}>
              <legend className={styles.legend}>{carMessage('searchTypeLegend')}</legend>
              <div className={styles.segmented}>
                {carSearchTypes.map((t) => (
                  <label key={t} className={styles.segment}>
                    <input
                      type="radio"
                      name={`${headingId}-type`}
                      value={t}
                      checked={type === t}
                      onChange={() => chooseType(t)}
                    />
                    <span>{carMessage(t)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <SelectField
              label={carMessage('make')}
              placeholder={carMessage('makePlaceholder')}
              options={offered.map((m) => ({ value: m.slug, label: m.name }))}
              value={make}
              required
              error={errors.make}
              onChange={(e) => {
                setMake(e.target.value);
                setErrors((prev) => ({ ...prev, make: undefined }));
              }}
            />
            <TextField
              label={carMessage('zip')}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={zipLength}
              pattern={`[0-9]{${zipLength}}`}
              required
              value={zip}
              error={errors.zip}
              onChange={(e) => {
                setZip(e.target.value.replace(/\D/g, '').slice(0, zipLength));
                setErrors((prev) => ({ ...prev, zip: undefined }));
              }}
            />
            <button type="submit" className={`${buttons.button} ${buttons.primary} ${styles.submit}`}>
              {carMessage('submit')}
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
