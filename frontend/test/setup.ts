import { cleanup } from '@testing-library/react';
import { createElement, type ComponentType } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { setTabQueryClient } from '@/lib/query/client';
import { loadQuery } from '@/lib/query/load';
import { installDialog } from './dialog';

installDialog();

// Tests run as a live page does, once TanStack Query's code has come (lib/query/load.ts): a write
// starts, and shows its guess, in the task of the press.
beforeAll(async () => {
  await loadQuery();
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The next test's writes and live queries get a client of their own.
  setTabQueryClient(undefined);
});

// The rare parts' loaders (components/*/lazy.tsx) go through next/dynamic, whose part draws only
// once its code has come in a chunk of its own. Tests draw the part itself: its code is asked for
// when the loader's module is imported, and has come by the time a test draws it. That a page loads
// a part's code only when it draws it is tested end to end (e2e/lazyParts.spec.ts).
vi.mock('next/dynamic', () => ({
  default: <P extends object>(load: () => Promise<ComponentType<P> | { default: ComponentType<P> }>) => {
    let Part: ComponentType<P> | undefined;
    const loading = load().then((loaded) => {
      Part = 'default' in loaded ? loaded.default : loaded;
    });
    return function Dynamic(props: P) {
      if (!Part) throw loading; // React waits for it, as it does for the real one
      return createElement(Part, props);
    };
  },
}));
