'use client';

import { useCallback, useRef, useState } from 'react';

/**
 * Runs an async task one at a time (spec 1 §4: saves and account changes drop concurrent runs):
 * a run asked for while one is under way is ignored. The ref guards the moment before React has
 * re-rendered with `busy`, when a double click would still get through.
 */
export function useExclusiveTask(): { run: (task: () => Promise<void>) => Promise<void>; busy: boolean } {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { run, busy };
}
