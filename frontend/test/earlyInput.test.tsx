import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { lazy, Suspense, useState, type ComponentType, type FormEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppReadyProvider } from '@/components/shell/AppReady';
import { EARLY_INPUT_SCRIPT } from '@/lib/earlyInputScript';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// lib/earlyInputScript.ts and lib/earlyInput.ts: what a person does between the HTML's arrival and
// hydration is held, then replayed with the values they typed. The server HTML is put in the
// document as a browser would show it, the script runs first, the person acts, and only then does
// React hydrate. The replay starts where the site starts it: the app's ready flag
// (components/shell/AppReady.tsx), once the page has hydrated.

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

let root: Root | undefined;
let container: HTMLElement;

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

function serve(onSearch: (search: Search) => void) {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Page onSearch={onSearch} />);
  document.body.appendChild(container);
  // The document's first script, before anything can be used.
  new Function(EARLY_INPUT_SCRIPT)();
}

async function hydrate(onSearch: (search: Search) => void) {
  await act(async () => {
    root = hydrateRoot(container, <Page onSearch={onSearch} />);
  });
  // As on the site, the page renders again before the replay has run (the ready flag, here a
  // prop): every controlled field is set back to its state then.
  await act(async () => root?.render(<Page onSearch={onSearch} />));
  await settle();
}

const $ = <T extends Element>(selector: string) => container.querySelector<T>(selector)!;

function type(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

const settle = (ms = 10) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

// Each test is a fresh page: React has not yet marked the document as one it listens on.
beforeEach(() => {
  for (const key of Object.keys(document)) if (key.startsWith('_reactListening')) delete (document as unknown as Record<string, unknown>)[key];
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  delete window.__earlyInput;
});

describe('input before hydration', () => {
  it('holds a submit and replays it after hydration with the values typed before it', async () => {
    const onSearch = vi.fn();
    serve(onSearch);
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

    await hydrate(onSearch);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith({ kind: 'used', make: 'kia', zip: '94110', note: 'red, please', agree: true });
    // And the fields still show what was typed: React's state took the values, not the reverse.
    expect($<HTMLInputElement>('input[aria-label="zip"]').value).toBe('94110');
    expect($<HTMLSelectElement>('select').value).toBe('kia');
    expect($<HTMLInputElement>('input[value="used"]').checked).toBe(true);
  });

  it('keeps typed values that were never submitted, for the next render to keep', async () => {
    const onSearch = vi.fn();
    serve(onSearch);
    type($('input[aria-label="zip"]'), '20001');
    await hydrate(onSearch);
    // A later submit (after hydration) reads the typed value from React's state.
    await act(async () => {
      $<HTMLButtonElement>('button[type="submit"]').click();
    });
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ zip: '20001' }));
  });

  it('replays a press of a button that had no handler yet', async () => {
    serve(vi.fn());
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('button[type="button"]').dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    await hydrate(vi.fn());
    expect(container.querySelector('[role="dialog"]')?.textContent).toBe('Playing');
  });

  it('holds nothing once the page is live', async () => {
    const onSearch = vi.fn();
    serve(onSearch);
    await hydrate(onSearch);
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
    serve(onSearch);
    let arrive: () => void = () => undefined;
    const code = new Promise<{ default: typeof SearchForm }>((resolve) => (arrive = () => resolve({ default: SearchForm })));
    const LazySearchForm = lazy(() => code);
    await act(async () => {
      root = hydrateRoot(container, <Page onSearch={onSearch} Form={LazySearchForm} />);
    });
    await settle();
    // The page is live; the form's part is not.
    expect(window.__earlyInput?.live).toBe(true);
    type($('input[aria-label="zip"]'), '94110');
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('button[type="button"]').dispatchEvent(press);
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    $('form').dispatchEvent(submit);
    expect(press.defaultPrevented).toBe(true);
    expect(submit.defaultPrevented).toBe(true);
    await settle(120);
    expect(onSearch).not.toHaveBeenCalled();

    await act(async () => {
      arrive();
      await code;
    });
    await settle(120);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ zip: '94110' }));
    expect(container.querySelector('[role="dialog"]')?.textContent).toBe('Playing');
    expect($<HTMLInputElement>('input[aria-label="zip"]').value).toBe('94110');
  });

  it('lets a press through on a button React does not draw, such as a chat widget\'s', async () => {
    serve(vi.fn());
    await hydrate(vi.fn());
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

describe('once React has hydrated an element', () => {
  it('leaves a press to React, so it runs once, even before the replay', async () => {
    // React listens on the root it hydrates; on the site that is the document itself.
    const onSearch = vi.fn();
    const html = renderToString(
      <html>
        <body>
          <SearchForm onSearch={onSearch} />
        </body>
      </html>,
    );
    const saved = document.documentElement.innerHTML;
    document.documentElement.innerHTML = html.replace(/^<html>|<\/html>$/g, '');
    new Function(EARLY_INPUT_SCRIPT)();
    let docRoot: Root | undefined;
    try {
      await act(async () => {
        docRoot = hydrateRoot(
          document,
          <html>
            <body>
              <SearchForm onSearch={onSearch} />
            </body>
          </html>,
        );
      });
      // Hydrated, the replay not yet run: a press now is React's alone.
      expect(window.__earlyInput?.live).toBe(false);
      await act(async () => {
        document.querySelector<HTMLButtonElement>('button[type="button"]')!.click();
        document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      });
      expect(document.querySelector('[role="dialog"]')).not.toBeNull();
      expect(onSearch).toHaveBeenCalledTimes(1);
      expect(window.__earlyInput?.held.filter((entry) => entry.type !== 'field')).toEqual([]);
    } finally {
      act(() => docRoot?.unmount());
      document.documentElement.innerHTML = saved;
    }
  });
});
