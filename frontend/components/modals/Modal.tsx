'use client';

import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
} from 'react';
import { Icon } from '@/components/icons/Icon';
import { returnFocus, takeOpener } from './opener';
import styles from './Modal.module.css';

interface ModalProps {
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  /** Escape, the close button and a click on the backdrop call it; the caller unmounts the modal. */
  onClose: () => void;
  children: ReactNode;
  /** Below the body, set apart: links to the other modals, secondary actions. */
  footer?: ReactNode;
  /** Optional test hook and styling handle, as data-modal on the dialog. */
  name?: string;
  /** Above the title, in the head: a modal's own small headline or icon. */
  eyebrow?: ReactNode;
  /**
   * A panel beside the dialog's content on wide screens (a picture with words), a band below the
   * title on narrow ones. It widens the dialog.
   */
  media?: ReactNode;
  /** A picture filling the screen behind the dialog, under the dimming. */
  backdrop?: { url: string };
  /**
   * Where the dialog sits over the page on wide screens; phones get the whole screen, except
   * `sheet`: a short dialog with no form (the members-only gate) rises from the bottom of a phone's
   * screen and leaves the page's top (its name) in view, centred as usual on wide screens.
   */
  placement?: 'center' | 'left' | 'sheet';
  /** Wider on wide screens, for a form with two fields to a row (the sign-up). */
  wide?: boolean;
}

// How many modals are open: the page scrolls again when the last one closes.
let openCount = 0;
let savedBody: { overflow: string; paddingRight: string } | null = null;

function lockScroll() {
  openCount += 1;
  if (savedBody) return;
  const body = document.body;
  savedBody = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  // Keep the page from shifting sideways when its scrollbar goes away.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  body.style.overflow = 'hidden';
}

function unlockScroll() {
  openCount = Math.max(0, openCount - 1);
  if (openCount > 0 || !savedBody) return;
  document.body.style.overflow = savedBody.overflow;
  document.body.style.paddingRight = savedBody.paddingRight;
  savedBody = null;
}

/** Whether the dialog is shown modally (in the top layer) rather than merely open. */
function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return dialog.open; // an engine without :modal (the unit tests' jsdom)
  }
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * Tab from the dialog's last control goes round to its first, and Shift+Tab from the first to the
 * last: the browser would go on to its own address bar, and a keyboard user would have to find
 * the way back in.
 */
function wrapTab(event: ReactKeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const dialog = event.currentTarget;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden], [inert]') && el.checkVisibility?.() !== false,
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

const noSubscription = () => () => {};
const isClientRender = () => true;
const isServerRender = () => false;

/** Whether a pointer event is outside the dialog's box: on its ::backdrop. */
function onBackdrop(dialog: HTMLDialogElement, event: ReactMouseEvent): boolean {
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  const { clientX: x, clientY: y } = event;
  return x < box.left || x > box.right || y < box.top || y > box.bottom;
}

/**
 * The one modal of the site: a native `<dialog>` shown with showModal(), so the browser puts it in
 * the top layer, makes the page behind inert and turns Escape into its cancel event (Tab goes
 * round its controls: wrapTab). Labelled by
 * its title, it takes the focus (its [data-autofocus] control, else itself so its name is read)
 * and gives it back when it closes to the control that opened it (opener.ts), the page behind not
 * scrolling meanwhile. Full screen on phones.
 *
 * It is rendered `open`, so a modal the address opens is in the server's HTML and shown before
 * the scripts run (open, though not yet modal: the CSS dims the page for it); a layout effect makes
 * it modal before the first paint in the browser.
 */
export function Modal({ title, onClose, children, footer, name, eyebrow, media, backdrop, placement = 'center', wide = false }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  const pressedOnBackdrop = useRef(false);
  // Where the focus goes back to, taken once: StrictMode runs the effect below twice.
  const returnTo = useRef<HTMLElement | null | undefined>(undefined);
  // Whether this dialog is the server's, being hydrated: React reads the server's value while it
  // hydrates. Kept from the first render only.
  const clientRender = useSyncExternalStore(noSubscription, isClientRender, isServerRender);
  const fromServer = useRef(!clientRender);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (returnTo.current === undefined) returnTo.current = takeOpener(dialog);
    const backTo = returnTo.current;
    // A control the person is already in (the server's dialog, used before the scripts ran)
    // keeps the focus; showModal() would move it to the first control, the close button.
    const active = document.activeElement;
    const inUse = active instanceof HTMLElement && active !== dialog && dialog.contains(active) ? active : null;
    if (!isModal(dialog)) {
      // The server's dialog was on the screen from the first paint: it does not rise in again
      // when it becomes modal (a second entrance, and for the browser a new largest paint).
      if (fromServer.current) dialog.dataset.fromServer = '';
      if (dialog.open) dialog.close(); // the server's open dialog, not modal yet
      dialog.showModal();
    }
    lockScroll();
    const autofocus = dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
    (inUse ?? autofocus ?? dialog).focus({ preventScroll: true });
    // Escape: the browser's cancel, which would close the dialog behind React's back. The caller
    // closes it instead, by unmounting it. Only the top dialog gets it, so nested ones work.
    const onCancel = (event: Event) => {
      if (event.target !== dialog) return;
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      unlockScroll();
      // The focus goes back once the dialog has left the document. Not when it is still there:
      // React's development StrictMode runs this clean-up and the effect again on the same
      // dialog, and moving the focus out and back would count as the person leaving a field.
      queueMicrotask(() => {
        if (!dialog.isConnected) returnFocus(backTo);
      });
    };
  }, []);

  return (
    <>
      {backdrop && (
        // The editors' picture behind the dialog, under the top layer: decoration, never clicked
        // (a click there lands on the dialog's ::backdrop, which closes it).
        // eslint-disable-next-line @next/next/no-img-element -- a CMS file at its own size, from any host: the deployment runs no image optimizer
        <img className={styles.backdropImage} src={backdrop.url} alt="" aria-hidden="true" decoding="async" />
      )}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a click on the ::backdrop, the pointer's way out (from the keyboard, Escape and the close button close); Tab's wrap takes keys from the controls inside */}
      <dialog
        ref={dialogRef}
        open
        aria-labelledby={titleId}
        aria-modal="true"
        className={media ? `${styles.dialog} ${styles.withMedia}` : styles.dialog}
        data-placement={placement}
        data-wide={wide ? '' : undefined}
        data-pictured={backdrop ? '' : undefined}
        data-modal={name}
        tabIndex={-1}
        onKeyDown={wrapTab}
        onMouseDown={(event) => {
          pressedOnBackdrop.current = onBackdrop(event.currentTarget, event);
        }}
        onClick={(event) => {
          // Only a click that starts and ends on the backdrop: dragging a selection out must not close.
          if (pressedOnBackdrop.current && onBackdrop(event.currentTarget, event)) onClose();
          pressedOnBackdrop.current = false;
        }}
      >
        {media && <div className={styles.media}>{media}</div>}
        <div className={styles.head}>
          <div className={styles.heading}>
            {eyebrow}
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          </div>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <Icon name="close" size={20} />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </dialog>
    </>
  );
}
