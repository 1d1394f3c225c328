'use client';

import { useSitePathname } from '@/lib/useSitePathname';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '@/components/icons/Icon';
import styles from './StatusMessages.module.css';

export type StatusMessageType = 'success' | 'error';

export interface StatusMessageInput {
  message: string;
  /** Defaults to 'success'. */
  type?: StatusMessageType;
}

/** Spec 1 §9: enter delay 200 ms, auto-close 8000 ms, leave delay 800 ms. */
export interface StatusMessageTimings {
  enter: number;
  autoClose: number;
  leave: number;
}

export const STATUS_MESSAGE_TIMINGS: StatusMessageTimings = { enter: 200, autoClose: 8000, leave: 800 };

type Phase = 'entering' | 'open' | 'closing';

interface Entry {
  id: number;
  message: string;
  type: StatusMessageType;
  phase: Phase;
}

export interface StatusMessagesApi {
  /** Shows a message 200 ms from now; it closes itself after 8 s. Returns its id for `close`. */
  push: (input: StatusMessageInput) => number;
  /** Closes a message: it fades and is removed 800 ms later. */
  close: (id: number) => void;
  /**
   * Shows a message on the page the visitor is being taken to (`pathname`), once the route has
   * changed: pushed before, the change of route would close it at once. On that same route already,
   * it shows now.
   */
  pushOnArrival: (input: StatusMessageInput, pathname: string) => void;
}

/** The region's hold on a message's clock while the pointer is over it or the focus in it. */
interface Holds {
  hold: (id: number) => void;
  release: (id: number) => void;
}

const StatusMessagesContext = createContext<StatusMessagesApi | null>(null);
const EntriesContext = createContext<({ entries: Entry[]; close: (id: number) => void } & Holds) | null>(null);

/** The app's status messages, for any client component under the provider (the root layout). */
export function useStatusMessages(): StatusMessagesApi {
  const api = useContext(StatusMessagesContext);
  if (!api) throw new Error('useStatusMessages must be used inside <StatusMessagesProvider>');
  return api;
}

/**
 * Holds the messages and runs their clock: each one waits `enter` ms before it is shown, closes
 * after `autoClose` ms on screen and is removed `leave` ms after closing, which is the time its
 * fade takes. A message being read (the pointer over it, the focus on its close button) does not
 * close by itself: its `autoClose` starts again when it is let go (WCAG 2.2.1). A change of route
 * closes the first message still open.
 */
export function StatusMessagesProvider({
  children,
  timings = STATUS_MESSAGE_TIMINGS,
}: {
  children: ReactNode;
  timings?: StatusMessageTimings;
}) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number[]>());
  // Each open message's auto-close, and how many holds (hover, focus) are on it.
  const autoCloses = useRef(new Map<number, number>());
  const holds = useRef(new Map<number, number>());
  const entriesRef = useRef(entries);
  useEffect(() => {
    entriesRef.current = entries;
  }, [entries]);

  const later = useCallback((id: number, ms: number, run: () => void) => {
    const timer = window.setTimeout(run, ms);
    timers.current.set(id, [...(timers.current.get(id) ?? []), timer]);
  }, []);

  const setPhase = useCallback((id: number, phase: Phase) => {
    setEntries((list) => list.map((entry) => (entry.id === id ? { ...entry, phase } : entry)));
  }, []);

  const close = useCallback(
    (id: number) => {
      for (const timer of timers.current.get(id) ?? []) window.clearTimeout(timer);
      timers.current.delete(id);
      window.clearTimeout(autoCloses.current.get(id));
      autoCloses.current.delete(id);
      holds.current.delete(id);
      setPhase(id, 'closing');
      later(id, timings.leave, () => {
        timers.current.delete(id);
        setEntries((list) => list.filter((entry) => entry.id !== id));
      });
    },
    [later, setPhase, timings.leave],
  );

  const closeLater = useCallback(
    (id: number) => {
      window.clearTimeout(autoCloses.current.get(id));
      autoCloses.current.set(
        id,
        window.setTimeout(() => close(id), timings.autoClose),
      );
    },
    [close, timings.autoClose],
  );

  const push = useCallback(
    ({ message, type = 'success' }: StatusMessageInput) => {
      const id = nextId.current++;
      setEntries((list) => [...list, { id, message, type, phase: 'entering' }]);
      later(id, timings.enter, () => {
        setPhase(id, 'open');
        if (!holds.current.get(id)) closeLater(id);
      });
      return id;
    },
    [closeLater, later, setPhase, timings.enter],
  );

  const hold = useCallback((id: number) => {
    holds.current.set(id, (holds.current.get(id) ?? 0) + 1);
    window.clearTimeout(autoCloses.current.get(id));
    autoCloses.current.delete(id);
  }, []);

  const release = useCallback(
    (id: number) => {
      const left = (holds.current.get(id) ?? 0) - 1;
      if (left > 0) {
        holds.current.set(id, left);
        return;
      }
      holds.current.delete(id);
      if (entriesRef.current.some((entry) => entry.id === id && entry.phase === 'open')) closeLater(id);
    },
    [closeLater],
  );

  useEffect(() => {
    const all = timers.current;
    const auto = autoCloses.current;
    return () => {
      for (const list of all.values()) for (const timer of list) window.clearTimeout(timer);
      all.clear();
      for (const timer of auto.values()) window.clearTimeout(timer);
      auto.clear();
    };
  }, []);

  // Any route change closes the first message (spec 1 §4); query changes are not route changes.
  const pathname = useSitePathname();
  const lastPath = useRef(pathname);
  const arriving = useRef<StatusMessageInput[]>([]);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    const first = entriesRef.current.find((entry) => entry.phase !== 'closing');
    if (first) close(first.id);
    // Wherever the route went (a server redirect may have moved it on), this is the arrival.
    for (const input of arriving.current.splice(0)) push(input);
  }, [pathname, close, push]);
  const pushOnArrival = useCallback(
    (input: StatusMessageInput, to: string) => {
      if (to === lastPath.current) push(input);
      else arriving.current.push(input);
    },
    [push],
  );

  const api = useMemo(() => ({ push, close, pushOnArrival }), [push, close, pushOnArrival]);
  const view = useMemo(() => ({ entries, close, hold, release }), [entries, close, hold, release]);
  return (
    <StatusMessagesContext.Provider value={api}>
      <EntriesContext.Provider value={view}>{children}</EntriesContext.Provider>
    </StatusMessagesContext.Provider>
  );
}

/** The modal dialog on top, if one is open: the only part of the page not inert. */
function topModal(): HTMLDialogElement | null {
  const open = [...document.querySelectorAll('dialog[open]')].filter((dialog) => {
    try {
      return dialog.matches(':modal');
    } catch {
      return true; // an engine without :modal (the unit tests' jsdom), whose open dialogs are all modal
    }
  });
  return (open[open.length - 1] as HTMLDialogElement | undefined) ?? null;
}

function watchDialogs(changed: () => void) {
  const observer = new MutationObserver(changed);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  return () => observer.disconnect();
}

/**
 * The message area of the shell: a polite live region, present from the first paint so screen
 * readers hear what is added to it. Only messages past their enter delay are in it.
 *
 * While a modal dialog is open, the page around it is inert (unseen by screen readers, out of
 * reach of the pointer) and under it: the region moves into that dialog, so its messages (the
 * cart's, over the cart) are still seen, heard and closed.
 */
export function StatusMessageRegion() {
  const host = useSyncExternalStore(watchDialogs, topModal, () => null);
  const view = useContext(EntriesContext);
  if (!view) throw new Error('StatusMessageRegion must be used inside <StatusMessagesProvider>');
  const visible = view.entries.filter((entry) => entry.phase !== 'entering');
  // How many messages wait out their enter delay: a message about to fade in is not on screen yet,
  // so whoever judges the page as a person will see it (the end-to-end tests' accessibility check)
  // waits for this to go before it looks.
  const waiting = view.entries.length - visible.length;
  const region = (
    <div
      className={styles.region}
      aria-live="polite"
      aria-relevant="additions text"
      data-testid="status-messages"
      data-waiting={waiting || undefined}
    >
      {visible.map((entry) => (
        // The pointer over it or the focus in it keeps it open (the provider's hold).
        <div
          key={entry.id}
          className={styles.message}
          data-type={entry.type}
          data-state={entry.phase}
          aria-hidden={entry.phase === 'closing' || undefined}
          onMouseEnter={() => view.hold(entry.id)}
          onMouseLeave={() => view.release(entry.id)}
          onFocus={() => view.hold(entry.id)}
          onBlur={() => view.release(entry.id)}
        >
          <span className={styles.icon} aria-hidden="true">
            {entry.type === 'error' ? '!' : '✓'}
          </span>
          <p className={styles.text}>
            <span className="visually-hidden">{entry.type === 'error' ? 'Error: ' : 'Success: '}</span>
            {entry.message}
          </p>
          <button
            type="button"
            className={styles.close}
            aria-label="Close message"
            onClick={() => view.close(entry.id)}
            tabIndex={entry.phase === 'closing' ? -1 : undefined}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
  return host ? createPortal(region, host) : region;
}
