'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import type { BenefitGroups } from '@/lib/bff/types';
import { EmptyState } from '@/components/common/EmptyState';
import buttons from '@/components/common/ButtonLink.module.css';
import { BenefitGrid } from './BenefitCards';
import {
  MAX_QUERY,
  NO_FILTER,
  benefitCategories,
  filterBenefits,
  filterFromParams,
  groupBenefits,
  listBenefits,
  noMatchMessage,
  paramsWithFilter,
  resultSummary,
  type BenefitFilter,
} from './benefitFilters';
import styles from './MyBenefits.module.css';

/**
 * My Benefits' cards (the account's index), grouped by category, with a search box that narrows
 * them by title and summary as the member types and one category to show at a time. How many are
 * shown is said in a live region; when nothing is left, a button clears both filters. The filter
 * is kept in the address (replaced, never a new history entry), so Back from a benefit shows the
 * list as the member left it. The rules are in benefitFilters.ts.
 */
export function MyBenefits({ benefits }: { benefits: BenefitGroups }) {
  const all = useMemo(() => listBenefits(benefits), [benefits]);
  const categories = useMemo(() => benefitCategories(all), [all]);
  const params = useSearchParams();
  const [filter, setFilter] = useState<BenefitFilter>(() => filterFromParams(params, categories));
  useEffect(() => {
    // A quarter of a second after the last change, so typing does not replace the address at
    // every key: browsers limit how often a page may (Safari throws past 100 times in seconds).
    const timer = window.setTimeout(() => keepInAddress(filter), 250);
    return () => window.clearTimeout(timer);
  }, [filter]);
  const shown = filterBenefits(all, filter);
  const groups = groupBenefits(shown);
  const search = useRef<HTMLInputElement>(null);
  const id = useId();

  const choose = (category: string | null) => setFilter((f) => ({ ...f, category }));
  function clear() {
    setFilter(NO_FILTER);
    search.current?.focus();
  }

  return (
    <div className={styles.browser}>
      <form role="search" aria-label="My Benefits" className={styles.controls} onSubmit={(e) => e.preventDefault()}>
        <div className={styles.search}>
          <label htmlFor={`${id}-q`} className={styles.label}>
            Search my benefits
          </label>
          <input
            ref={search}
            id={`${id}-q`}
            type="search"
            className={styles.input}
            value={filter.query}
            onChange={(e) => setFilter((f) => ({ ...f, query: e.target.value }))}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MAX_QUERY}
          />
        </div>
        <fieldset className={styles.categories}>
          <legend className={styles.label}>Category</legend>
          <div className={styles.chips}>
            <Chip name={`${id}-category`} label="All" count={all.length} checked={filter.category === null} onChoose={() => choose(null)} />
            {categories.map((c) => (
              <Chip
                key={c.name}
                name={`${id}-category`}
                label={c.name}
                count={c.count}
                checked={filter.category === c.name}
                onChoose={() => choose(c.name)}
              />
            ))}
          </div>
        </fieldset>
      </form>

      <p role="status" className={styles.summary}>
        {resultSummary(shown.length, all.length)}
      </p>

      {groups.length === 0 ? (
        <EmptyState
          action={
            <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={clear}>
              Clear filters
            </button>
          }
        >
          {noMatchMessage(filter)}
        </EmptyState>
      ) : (
        groups.map((group, index) => {
          const titleId = `${id}-group-${index}`;
          return (
            <section key={group.category} className={styles.group} aria-labelledby={titleId}>
              <h3 id={titleId} className={styles.groupTitle}>
                {group.category}
              </h3>
              <BenefitGrid cards={group.cards} heading="h4" compact />
            </section>
          );
        })
      )}
    </div>
  );
}

/** Puts the filter in the address bar; Next's router follows history.replaceState. */
function keepInAddress(filter: BenefitFilter) {
  const { pathname, search, hash } = window.location;
  const query = paramsWithFilter(new URLSearchParams(search), filter).toString();
  if (`?${query}` === search || (query === '' && search === '')) return;
  window.history.replaceState(null, '', `${pathname}${query ? `?${query}` : ''}${hash}`);
}

interface ChipProps {
  name: string;
  label: string;
  count: number;
  checked: boolean;
  onChoose: () => void;
}

/** One category: a radio button drawn as a chip (one category at a time; arrows move between them). */
function Chip({ name, label, count, checked, onChoose }: ChipProps) {
  return (
    <label className={styles.chip}>
      <input type="radio" name={name} className={styles.radio} checked={checked} onChange={onChoose} />
      {label} <span className={styles.count}>({count})</span>
    </label>
  );
}
