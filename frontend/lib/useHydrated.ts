import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * True once React has hydrated the page: server HTML has no handlers yet. Hydration renders with
 * false, as the server did, then again with true; a component mounted later starts with true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
