import type { ComponentType } from 'react';

// next/dynamic for unit tests. In the browser a dynamic component's code arrives when it is first
// rendered; the tests render synchronously, so here every loader starts when its module is
// imported and setup.ts waits for all of them before the first test. The component is then the
// real one, rendered in place.
const pending: Promise<unknown>[] = [];

export function loadedDynamics() {
  return Promise.all(pending);
}

export default function dynamic<P extends object>(
  loader: () => Promise<ComponentType<P> | { default: ComponentType<P> }>,
): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  pending.push(
    loader().then((m) => {
      Loaded = 'default' in m ? m.default : m;
    }),
  );
  function Dynamic(props: P) {
    if (!Loaded) throw new Error('a dynamic component rendered before its code loaded');
    return <Loaded {...props} />;
  }
  return Dynamic;
}
