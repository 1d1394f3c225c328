// The replay of what lib/earlyInputScript.ts held for React: started once, when React has
// hydrated the page (components/providers/AppReady.tsx), and from then on whenever the script holds
// something more (a press on a part whose code is still on its way, or a submit in a part React
// has not hydrated yet).
//
// Every target is woken first. React hydrates a page in parts (each Suspense boundary on its own,
// after the root whose layout calls this), and an event reaching a part not yet hydrated finds no
// handler; a submit is not even among the events React hydrates a part for. An input event that
// does not bubble makes React hydrate the target's part at once (as it does for any person's
// input), and reaches no onChange: only capture listeners see it, and the value is unchanged. A
// part whose code has not arrived cannot hydrate yet: what was done there waits, looked at again
// every POLL_MS, until it has (or for WAIT_MS at most).
//
// Fields next: React hydrates a controlled field keeping the value the person typed, but its
// state still holds the server's value, and the next render would put that back. Each edited field
// is announced to React as an edit, in the order last edited, so its state takes the typed value.
// Then, once those updates have rendered, the held presses and submits run again in order, now
// with handlers and the right state: the search goes where it was asked to go, the dialog opens.

/** How often a part still waiting for its code is looked at again. */
const POLL_MS = 50;
/** How long a press waits for its part; after that it is dropped, as it would be with no script. */
const WAIT_MS = 15_000;

type Held = {
  type: 'field' | 'click' | 'submit';
  target: EventTarget | null;
  submitter: HTMLElement | null;
  /** A field's value and checkedness just after the edit. */
  value?: string;
  checked?: boolean;
  /** When it was held (Date.now()). */
  at: number;
};

declare global {
  interface Window {
    __earlyInput?: { held: Held[]; live: boolean; onHold: (() => void) | null };
  }
}

/** Sets a field's value past React's value tracker, which then sees the next event as a change. */
function setUntracked(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

type Typed = { field: Element; value: string; checked: boolean };

/**
 * Tells React about an edit it did not see. Any render of a controlled form writes its state back
 * into every field, so each field gets the person's value again just before it is announced:
 * fields announced earlier already hold it in their state.
 */
function announce({ field, value, checked }: Typed) {
  if (field instanceof HTMLSelectElement || (field instanceof HTMLInputElement && field.type === 'file')) {
    // React reads these from the change event itself.
    if (field instanceof HTMLSelectElement) field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    // React reads these from a click. A radio that was left is announced by the one chosen.
    if (field.type === 'radio' && !checked) return;
    field.checked = !checked; // through the tracker, so the click's toggle back reads as a change
    field.click();
  } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    field.value = `${value}\u0000`; // through the tracker: React now believes the value differs
    setUntracked(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Hydrates the part of the page that holds `target` now, if React has not yet (see above). */
function wake(target: Element) {
  target.dispatchEvent(new Event('input', { bubbles: false }));
}

/** Whether React has hydrated (or rendered) this element: it then carries React's props. */
function hydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/**
 * Starts the replay, once; later calls do nothing. It returns at once and replays from a task of
 * its own: called from an effect, it runs inside React's commit, where React will not hydrate a
 * part synchronously (the wake would do nothing).
 */
export function replayEarlyInput() {
  const early = window.__earlyInput;
  if (!early || early.live) return;
  early.live = true;
  // What is held but waits for its part's code, and the next look at it.
  let waiting: Held[] = [];
  let timer: number | undefined;
  const schedule = (delay: number) => {
    if (timer === undefined) timer = window.setTimeout(run, delay);
  };
  // Replays what is ready, in the order it was done, and looks again later at what is not.
  const run = () => {
    timer = undefined;
    const held = [...waiting, ...early.held.splice(0)];
    for (const target of new Set(held.map((entry) => entry.target))) {
      if (target instanceof Element && target.isConnected && !hydrated(target)) wake(target);
    }
    const now = Date.now();
    const ready: Held[] = [];
    waiting = [];
    for (const entry of held) {
      const { target } = entry;
      if (!(target instanceof Element) || !target.isConnected) continue; // gone with a re-render
      if (hydrated(target)) ready.push(entry);
      else if (now - entry.at < WAIT_MS) waiting.push(entry);
    }
    if (ready.length > 0) replay(ready);
    if (waiting.length > 0) schedule(POLL_MS);
  };
  early.onHold = () => schedule(0);
  schedule(0);
}

function replay(held: Held[]) {
  // Each field's last edit, in the order last edited.
  const edits = new Map<Element, Typed>();
  const actions: Held[] = [];
  for (const entry of held) {
    const { type, target: field, value = '', checked = false } = entry;
    if (type !== 'field') actions.push(entry);
    else if (field instanceof Element) {
      edits.delete(field);
      edits.set(field, { field, value, checked });
    }
  }
  for (const edit of edits.values()) announce(edit);
  if (actions.length === 0) return;
  // After the fields' updates have rendered, so handlers read the state they set.
  window.setTimeout(() => {
    for (const { type, target, submitter } of actions) {
      if (!(target instanceof HTMLElement) || !target.isConnected) continue;
      if (type === 'click') target.click();
      else if (target instanceof HTMLFormElement) {
        target.requestSubmit(submitter?.isConnected && 'form' in submitter && submitter.form === target ? submitter : undefined);
      }
    }
  }, 0);
}
