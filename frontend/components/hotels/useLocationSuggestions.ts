'use client';

import { useEffect, useState } from 'react';
import { hotelsApi } from '@/lib/bff/browser';
import { canSuggest, hotelLimits, type HotelLocation } from '@/lib/hotels';

/**
 * The location autocomplete's suggestions for what the reader typed (spec 3 §5, §7, §9): asked
 * for only from 2 characters, 250 ms after the last keystroke, and every new input restarts it:
 * the pending wait is dropped and a request under way is aborted, so an older answer can never
 * replace a newer one. A failure is logged and shows as no suggestions (spec 3 §4: nothing else).
 * Until the answer to the newest input arrives the previous suggestions stay (the list does not
 * flicker shut between keystrokes), with `loading` true.
 */
export function useLocationSuggestions(text: string, enabled: boolean): { items: HotelLocation[]; loading: boolean } {
  const [state, setState] = useState<{ for: string; items: HotelLocation[] }>({ for: '', items: [] });
  const active = enabled && canSuggest(text);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      hotelsApi
        .locations(text.trim(), controller.signal)
        .then((answer) => setState({ for: text, items: answer.items }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('hotel suggestions unavailable', error);
          setState({ for: text, items: [] });
        });
    }, hotelLimits.debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, active]);

  if (!active) return { items: [], loading: false };
  return { items: state.items, loading: state.for !== text };
}
