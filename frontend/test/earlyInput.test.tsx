import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { lazy, Suspense, useState, type ComponentType, type FormEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppReadyProvider } from '@/components/providers/AppReady';
import { replayEarlyInput } from '@/lib/earlyInput';
import { EARLY_INPUT_SCRIPT } from '@/lib/earlyInputScript';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// lib/earlyInputScript.ts and lib/earlyInput.ts: what a person does between the HTML's arrival and
// hydration is held, then replayed with the values they typed. The server HTML is put in the
// document as a browser would show it, the script runs first, the person acts, and only then does
// React hydrate. The replay starts where the site starts it: the app's ready flag
// (components/providers/AppReady.tsx), once the page has hydrated.

type Search = { kind: string; make: string; zip: string; note: string; agree: boolean };

function SearchForm({ onSearch }: { onSearch: (search: Search) => void }) {
  const [kind, setKind] = useState('new');
  const [make, setMake] = useState('');
  const [zip, setZip] = useState('');
  const [note, setNote] = useState('');
  const [agree, setAgree] = useState(false);
  const [open, setOpen] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch({ kind, make, zip, note, agree });
  }
  return (
    <main>
      <form onSubmit={submit} aria-label="search">
        {['new', 'used'].map((k) => (
          <label key={k}>
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
            {k}
          </label>
        ))}
        <select aria-label="make" value={make} onChange={(e) => setMake(e.target.value)}>
          <option value="">Choose</option>
          <option value="ford">Ford</option>
          <option value="kia">Kia</option>
        </select>
        <input aria-label="zip" value={zip} onChange={(e) => setZip(e.target.value.replace(/\D/g, ''))} />
        <textarea aria-label="note" value={note} onChange={(e) => setNote(e.target.value)} />
        <input type="checkbox" aria-label="agree" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
        <button type="submit">Search</button>
      </form>
      <button type="button" onClick={() => setOpen(true)}>
        Play
      </button>
      {open && <div role="dialog">Playing</div>}
    </main>
  );
}

type FormProps = { onSearch: (search: Search) => void };

/**
 * The page: the form in a part of its own (a Suspense boundary), as Next's pages are. `Form` is
 * what the browser draws there: the form itself, or a lazy one whose code comes in a chunk of its
 * own (React.lazy, as next/dynamic makes it).
 */
function Page({ onSearch, Form = SearchForm }: FormProps & { Form?: ComponentType<FormProps> }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <AppReadyProvider>
        <Suspense>
          <Form onSearch={onSearch} />
        </Suspense>
      </AppReadyProvider>
    </QueryClientProvider>
  );
}

/**
 * A page a test served, with its own root: what a test still does after it timed out touches its
 * own page, never the next test's.
 */
interface Served {
  container: HTMLElement;
  root?: Root;
  /** The element of this page that `selector` names. */
  $: <T extends Element>(selector: string) => T;
}

/** The pages served in this test, unmounted and removed after it. */
const served: Served[] = [];

/** The listeners each run of the script put on the document, removed after each test. */
const scriptListeners: Parameters<typeof document.addEventListener>[] = [];

/**
 * Runs the script, as the document's first. Its listeners stay on the document, which outlives
 * the test: one left from an earlier page whose replay never started would hold every press of
 * this one.
 */
function runEarlyScript() {
  const add = vi.spyOn(document, 'addEventListener');
  try {
    new Function(EARLY_INPUT_SCRIPT)();
    scriptListeners.push(...add.mock.calls);
  } finally {
    add.mockRestore();
  }
}

function serve(onSearch: (search: Search) => void): Served {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page onSearch={onSearch} />);
  document.body.appendChild(container);
  const page: Served = { container, $: <T extends Element>(selector: string) => container.querySelector<T>(selector)! };
  served.push(page);
  // The document's first script, before anything can be used.
  runEarlyScript();
  return page;
}

async function hydrate(page: Served, onSearch: (search: Search) => void) {
  await act(async () => {
    page.root = hydrateRoot(page.container, <Page onSearch={onSearch} />);
  });
  // As on the site, the page renders again before the replay has run (the ready flag, here a
  // prop): every controlled field is set back to its state then.
  await act(async () => page.root?.render(<Page onSearch={onSearch} />));
}

/**
 * Waits until `check` passes. The replay runs from timers of its own, which a busy machine runs
 * late: a test waits for what it expects, never for a fixed time, within its own time limit.
 */
const eventually = (check: () => void) => waitFor(check, { timeout: 4_000 });

/** The replay has taken what the script held: it has run at least once. */
const replayed = () => eventually(() => expect(window.__earlyInput?.held).toEqual([]));

function type(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Lets time pass, for what must not happen in it. Outside act(), as waitFor waits: while a part's
 * code is on its way, the replay asks React to hydrate it every few milliseconds, and an act()
 * scope around that may never end (the test then times out, whatever the machine's speed).
 */
async function pause(ms: number) {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const was = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false; // React's updates meanwhile are no test's to wrap
  try {
    await new Promise((resolve) => setTimeout(resolve, ms));
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = was;
  }
}

// Each test is a fresh page: React has not yet marked the document as one it listens on.
beforeEach(() => {
  for (const key of Object.keys(document)) if (key.startsWith('_reactListening')) delete (document as unknown as Record<string, unknown>)[key];
});

afterEach(() => {
  for (const page of served.splice(0)) {
    act(() => page.root?.unmount());
    page.container.remove();
  }
  for (const [type, listener, options] of scriptListeners.splice(0)) document.removeEventListener(type, listener, options);
  // The ready flag's mark (components/providers/AppReady.tsx), which unmounting leaves on <html>.
  document.documentElement.removeAttribute('data-app-ready');
  delete window.__earlyInput;
});

describe('input before hydration', () => {
  it('holds a submit and replays it after hydration with the values typed before it', async () => {
    const onSearch = vi.fn();
    const page = serve(onSearch);
    const { $ } = page;
    $<HTMLInputElement>('input[value="used"]').click();
    type($('select'), 'kia');
    type($('input[aria-label="zip"]'), '94110');
    type($('textarea'), 'red, please');
    $<HTMLInputElement>('input[type="checkbox"]').click();
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    $('form').dispatchEvent(submit);
    // Held: no native submission (a reload that would lose it all), no handler yet.
    expect(submit.defaultPrevented).toBe(true);
    expect(onSearch).not.toHaveBeenCalled();

    await hydrate(page, onSearch);
    await eventually(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith({ kind: 'used', make: 'kia', zip: '94110', note: 'red, please', agree: true });
    // And the fields still show what was typed: React's state took the values, not the reverse.
    expect($<HTMLInputElement>('input[aria-label="zip"]').value).toBe('94110');
    expect($<HTMLSelectElement>('select').value).toBe('kia');
    expect($<HTMLInputElement>('input[value="used"]').checked).toBe(true);
  });

  it('keeps typed values that were never submitted, for the next render to keep', async () => {
    const onSearch = vi.fn();
    const page = serve(onSearch);
    const { $ } = page;
    type($('input[aria-label="zip"]'), '20001');
    await hydrate(page, onSearch);
    await replayed();
    // A later submit (after hydration) reads the typed value from React's state.
    await act(async () => {
      $<HTMLButtonElement>('button[type="submit"]').click();
    });
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ zip: '20001' }));
  });

  it('replays a press of a button that had no handler yet', async () => {
    const page = serve(vi.fn());
    const { $, container } = page;
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('button[type="button"]').dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    await hydrate(page, vi.fn());
    await eventually(() => expect(container.querySelector('[role="dialog"]')?.textContent).toBe('Playing'));
  });

  it('holds nothing once the page is live', async () => {
    const onSearch = vi.fn();
    const page = serve(onSearch);
    const { $, container } = page;
    await hydrate(page, onSearch);
    await act(async () => {
      $<HTMLButtonElement>('button[type="button"]').click();
    });
    expect(container.querySelector('[role="dialog"]')).not.toBeNull();
    await act(async () => {
      $<HTMLButtonElement>('button[type="submit"]').click();
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(window.__earlyInput?.held).toEqual([]);
  });
});

describe('a part whose code is still on its way', () => {
  it('holds a press, a submit and what was typed there until the part has hydrated, then replays each once', async () => {
    const onSearch = vi.fn();
    const page = serve(onSearch);
    const { $, container } = page;
    let arrive: () => void = () => undefined;
    const code = new Promise<{ default: typeof SearchForm }>((resolve) => (arrive = () => resolve({ default: SearchForm })));
    const LazySearchForm = lazy(() => code);
    await act(async () => {
      page.root = hydrateRoot(container, <Page onSearch={onSearch} Form={LazySearchForm} />);
    });
    // The page is live; the form's part is not.
    expect(window.__earlyInput?.live).toBe(true);
    type($('input[aria-label="zip"]'), '94110');
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('button[type="button"]').dispatchEvent(press);
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    $('form').dispatchEvent(submit);
    expect(press.defaultPrevented).toBe(true);
    expect(submit.defaultPrevented).toBe(true);
    await pause(120);
    expect(onSearch).not.toHaveBeenCalled();

    await act(async () => {
      arrive();
      await code;
    });
    await eventually(() => expect(onSearch).toHaveBeenCalled());
    // Once: nothing more comes of them later.
    await pause(120);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ zip: '94110' }));
    expect(container.querySelector('[role="dialog"]')?.textContent).toBe('Playing');
    expect($<HTMLInputElement>('input[aria-label="zip"]').value).toBe('94110');
  });

  it('lets a press through on a button React does not draw, such as a chat widget\'s', async () => {
    await hydrate(serve(vi.fn()), vi.fn());
    const widget = document.createElement('button');
    widget.type = 'button';
    const opened = vi.fn();
    widget.addEventListener('click', opened);
    document.body.appendChild(widget);
    try {
      widget.click();
      expect(opened).toHaveBeenCalledTimes(1);
      expect(window.__earlyInput?.held).toEqual([]);
    } finally {
      widget.remove();
    }
  });
});

describe('a part with no Suspense boundary of its own (next/dynamic, components/blocks/lazy.tsx)', () => {
  // Such a part makes the root's hydration wait for its code: React has rendered what comes
  // before it, and given those elements its properties, but committed nothing, so a press there
  // finds no mounted handler and React drops it. The script holds it (the page is not live yet).
  it('holds a press made while the root waits for its code, on an element React has rendered, and replays it once', async () => {
    const played = vi.fn();
    function Note() {
      return <p>Terms apply.</p>;
    }
    function Shell({ Part }: { Part: ComponentType }) {
      const [open, setOpen] = useState(false);
      return (
        <QueryClientProvider client={new QueryClient()}>
          <AppReadyProvider>
            <button
              type="button"
              onClick={() => {
                played();
                setOpen(true);
              }}
            >
              Play
            </button>
            {open && <div role="dialog">Playing</div>}
            <Part />
          </AppReadyProvider>
        </QueryClientProvider>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Shell Part={Note} />);
    document.body.appendChild(container);
    const page: Served = { container, $: (selector) => container.querySelector(selector)! };
    served.push(page);
    runEarlyScript();
    let arrive: () => void = () => undefined;
    const code = new Promise<{ default: typeof Note }>((resolve) => (arrive = () => resolve({ default: Note })));
    const LazyNote = lazy(() => code);
    await act(async () => {
      page.root = hydrateRoot(container, <Shell Part={LazyNote} />);
    });
    const button = page.$<HTMLButtonElement>('button');
    // Rendered, with React's properties, and not live: the root waits for the part's code.
    expect(Object.keys(button).some((key) => key.startsWith('__reactProps$'))).toBe(true);
    expect(window.__earlyInput?.live).toBe(false);
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    await act(async () => {
      button.dispatchEvent(press);
    });
    expect(press.defaultPrevented).toBe(true);

    await act(async () => {
      arrive();
      await code;
    });
    await eventually(() => expect(container.querySelector('[role="dialog"]')?.textContent).toBe('Playing'));
    await pause(120);
    expect(played).toHaveBeenCalledTimes(1);
  });
});

describe('once React has hydrated an element', () => {
  // React gives an element its properties while it renders, before it commits, so the script
  // cannot tell a hydrated element from one merely rendered (above): until the replay starts (the
  // app's ready flag, right after the root commits), every press waits for it.
  it('holds a press until the replay starts, then it runs once', async () => {
    // React listens on the root it hydrates; on the site that is the document itself.
    const onSearch = vi.fn();
    const html = renderToString(
      <html lang="en">
        <body>
          <SearchForm onSearch={onSearch} />
        </body>
      </html>,
    );
    const saved = document.documentElement.innerHTML;
    // The document's own <html> takes the server's: its lang, and what it holds.
    document.documentElement.lang = 'en';
    document.documentElement.innerHTML = html.replace(/^<html[^>]*>|<\/html>$/g, '');
    runEarlyScript();
    let docRoot: Root | undefined;
    try {
      await act(async () => {
        docRoot = hydrateRoot(
          document,
          <html lang="en">
            <body>
              <SearchForm onSearch={onSearch} />
            </body>
          </html>,
        );
      });
      // Hydrated, the replay not yet run: a press now is held for it.
      expect(window.__earlyInput?.live).toBe(false);
      await act(async () => {
        document.querySelector<HTMLButtonElement>('button[type="button"]')!.click();
        document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      });
      expect(document.querySelector('[role="dialog"]')).toBeNull();
      expect(onSearch).not.toHaveBeenCalled();
      await act(async () => replayEarlyInput());
      await eventually(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
      await eventually(() => expect(onSearch).toHaveBeenCalledTimes(1));
      // Once: React never saw the held presses themselves.
      await pause(120);
      expect(onSearch).toHaveBeenCalledTimes(1);
      expect(window.__earlyInput?.held).toEqual([]);
    } finally {
      act(() => docRoot?.unmount());
      document.documentElement.innerHTML = saved;
      document.documentElement.removeAttribute('lang');
    }
  });
});

describe('the early input script as pages carry it', () => {
  it('is sent without its comments and indentation, which every page would otherwise carry', () => {
    const lines = EARLY_INPUT_SCRIPT.split('\n');
    expect(lines.filter((line) => line.trim().startsWith('//') || /^\s/.test(line))).toEqual([]);
    expect(EARLY_INPUT_SCRIPT.length).toBeLessThan(1900);
  });
});
