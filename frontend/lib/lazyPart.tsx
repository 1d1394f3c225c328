'use client';

import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A client component whose code the browser loads only on pages that draw it (issue 38).
 * Turbopack puts every client component a page's server components import into that page's
 * chunks, drawn or not; an `import()` in the browser gets a chunk of its own.
 *
 * The server draws the part at once from `server`, the component itself, imported by a
 * `require` the bundler keeps for the server alone (`typeof window === 'undefined'` is a
 * constant there, so the browser's bundle never holds that branch): a `React.lazy` on the server
 * would suspend on the first render and stream the part in after the page (and a cached page
 * would keep that). In the browser the part hydrates once `load` has brought its code, inside a
 * Suspense boundary of its own, which the server drew too: until then React keeps the server's
 * drawing, and what is pressed or typed in it is held and replayed (lib/earlyInputScript.ts; a
 * lazy part with no boundary of its own would look hydrated to that script, and lose the press).
 */
export function lazyPart<P extends object>(server: ComponentType<P> | null, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = server ?? lazy(() => load().then((component) => ({ default: component })));
  function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}
