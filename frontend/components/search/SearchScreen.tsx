'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { SearchDocument, SearchType } from '@/lib/bff/types';
import { queryString } from '@/lib/bff/urls';
import { fetchSearchPage } from '@/lib/bff/browser';
import { formatNumber } from '@/lib/format';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import { Options } from '@/components/common/Options';
import { SearchTeaser } from './SearchTeaser';
import { SEARCH_TYPES, toSearchType } from './searchTypes';
import field from './searchBox.module.css';
import styles from './search.module.css';
import { LoadMoreButton } from '@/components/common/LoadMoreButton';

/** A search: the term and the 'Browse by' type. */
type Shown = { q: string; type: SearchType };

interface SearchScreenProps {
  /** The first page for the URL the server rendered, when it had a term. */
  initial: SearchDocument | null;
}

/**
 * The search screen. The URL (q, type) is the state: changing the term or 'Browse by' pushes a new
 * URL, so a search can be shared, reloaded and gone back to, and the results follow it.
 */
export function SearchScreen({ initial }: SearchScreenProps) {
  const params = useSearchParams();
  const address: Shown = { q: (params.get('q') ?? '').trim().replace(/\s+/g, ' '), type: toSearchType(params.get('type')) };
  // What is searched: the address's search, or the one just chosen here. A choice shows at once
  // even before Next's router follows pushState: a press made while the page hydrates (or replayed
  // then, lib/earlyInput.ts) can come before the router takes the new address, which left the
  // address changed and the results not.
  const [shown, setShown] = useState(address);
  const [seen, setSeen] = useState(address);
  const { q, type } = shown;
  const [term, setTerm] = useState(q);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  // Back and forward change the URL under us; the results follow it, and the box shows the term
  // being searched (a term typed and not searched yet stays through a 'Browse by' choice).
  if (address.q !== seen.q || address.type !== seen.type) {
    setSeen(address);
    setShown(address);
    if (address.q !== seen.q) setTerm(address.q);
  }

  const matchesInitial = initial !== null && initial.query === q && initial.type === type;
  const query = useInfiniteQuery({
    queryKey: ['search', q, type],
    queryFn: ({ pageParam, signal }) => fetchSearchPage(q, type, pageParam, signal),
    enabled: q !== '',
    initialPageParam: 0,
    initialData: matchesInitial ? { pages: [initial], pageParams: [0] } : undefined,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.results.length, 0);
      return shown < last.totalResults && last.results.length > 0 ? last.page + 1 : undefined;
    },
  });

  function navigate(next: Shown) {
    setShown(next);
    const url = `/search${queryString({ q: next.q, type: next.type === 'all' ? undefined : next.type })}`;
    // Next keeps useSearchParams in step with pushState, without a server round trip.
    window.history.pushState(null, '', url);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = term.trim().replace(/\s+/g, ' ');
    if (next === '') {
      input.current?.focus();
      return;
    }
    navigate({ q: next, type });
  }

  const pages = query.data?.pages ?? [];
  const results = pages.flatMap((p) => p.results);
  const total = pages.at(-1)?.totalResults ?? 0;
  const searching = q !== '' && query.isFetching && !query.isFetchingNextPage;

  return (
    <div className={styles.screen}>
      <form className={field.form} role="search" onSubmit={submit} action="/search">
        <label htmlFor={inputId} className={field.label}>
          Search
        </label>
        <div className={field.box}>
          <input
            ref={input}
            id={inputId}
            name="q"
            type="search"
            className={field.input}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder="Search benefits, discounts and advice"
            maxLength={200}
            autoComplete="off"
          />
          {term !== '' && (
            <button
              type="button"
              className={field.clear}
              onClick={() => {
                setTerm('');
                input.current?.focus();
              }}
            >
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Clear search term</span>
            </button>
          )}
          {type !== 'all' && <input type="hidden" name="type" value={type} />}
          <button type="submit" className={field.submit}>
            Search
          </button>
        </div>
      </form>

      <div className={styles.browse}>
        <span className={styles.browseLabel} id="browse-by">
          Browse by
        </span>
        <div className={styles.browseButtons} role="group" aria-labelledby="browse-by">
          {SEARCH_TYPES.map((t) => (
            <button
              key={t.value}
              type="button"
              className={styles.browseButton}
              aria-pressed={type === t.value}
              onClick={() => navigate({ q, type: t.value })}
            >
              {t.label}
            </button>
          ))}
        </div>
        <select
          className={styles.browseSelect}
          aria-labelledby="browse-by"
          value={type}
          onChange={(e) => navigate({ q, type: toSearchType(e.target.value) })}
        >
          <Options options={SEARCH_TYPES} />
        </select>
      </div>

      <section className={styles.results} aria-labelledby="search-heading" aria-busy={searching}>
        {q === '' ? (
          <h2 id="search-heading" className={styles.heading}>
            What are you looking for?
          </h2>
        ) : searching ? (
          <>
            <h2 id="search-heading" className="visually-hidden">
              Searching for “{q}”
            </h2>
            <LoadingIndicator />
          </>
        ) : query.isError && results.length === 0 ? (
          <h2 id="search-heading" className={styles.heading} role="alert">
            Search is unavailable right now. Please try again in a moment.
          </h2>
        ) : total === 0 ? (
          <>
            <h2 id="search-heading" className={styles.heading}>
              0 results for “{q}”
            </h2>
            <p className={styles.empty}>No results found. Please try another search.</p>
          </>
        ) : (
          <>
            <h2 id="search-heading" className={styles.heading} aria-live="polite">
              {formatNumber(total)} {total === 1 ? 'result' : 'results'} for “{q}”
            </h2>
            <ol className={styles.list} data-testid="search-results">
              {results.map((r) => (
                <li key={`${r.type}-${r.id}`}>
                  <SearchTeaser result={r} />
                </li>
              ))}
            </ol>
            {query.hasNextPage && (
              <LoadMoreButton loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
            )}
          </>
        )}
      </section>
    </div>
  );
}
