'use client';

import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
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
  /** Where the dialog sits over the page on wide screens; phones always get the whole screen. */
  placement?: 'center' | 'left';
}

// Open modals, newest last: only the top one answers Escape, and the page scrolls again when the
// last one closes.
const stack: symbol[] = [];
let savedBody: { overflow: string; paddingRight: string } | null = null;

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('disabled') && !el.closest('[hidden], [inert]'),
  );
}

function lockScroll() {
  if (savedBody) return;
  const body = document.body;
  savedBody = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  // Keep the page from shifting sideways when its scrollbar goes away.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  body.style.overflow = 'hidden';
}

function unlockScroll() {
  if (!savedBody) return;
  document.body.style.overflow = savedBody.overflow;
  document.body.style.paddingRight = savedBody.paddingRight;
  savedBody = null;
}

/**
 * An accessible modal dialog: labelled by its title, focus moved in and kept in (Tab wraps), closed
 * by Escape, its close button or the backdrop, focus returned to where it was, the page behind not
 * scrolling. Full screen on phones. It renders in place (fixed over the page), so a modal opened by
 * the address is in the server's HTML too.
 */
export function Modal({ title, onClose, children, footer, name, eyebrow, media, backdrop, placement = 'center' }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const key = Symbol();
    stack.push(key);
    lockScroll();
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.contains(document.activeElement)) {
      const autofocus = dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
      (autofocus ?? dialog).focus({ preventScroll: true });
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || stack[stack.length - 1] !== key) return;
      event.preventDefault();
      onCloseRef.current();
    };
    // Focus that lands outside (a click on the page behind, a script) is brought back in.
    const onFocusIn = (event: FocusEvent) => {
      if (stack[stack.length - 1] !== key) return;
      if (event.target instanceof Node && !dialog.contains(event.target)) dialog.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(key), 1);
      if (stack.length === 0) unlockScroll();
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, []);

  function trapTab(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab') return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const items = focusables(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the pointer's way out; from the keyboard, Escape and the close button close
    <div
      className={styles.backdrop}
      data-placement={placement}
      data-pictured={backdrop ? '' : undefined}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a click that starts and ends on the backdrop: dragging a selection out must not close.
        if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      {backdrop && (
        // Decoration only: clicks pass through it to the backdrop, which closes the modal.
        // eslint-disable-next-line @next/next/no-img-element -- a CMS file at its own size, from any host: the deployment runs no image optimizer
        <img className={styles.backdropImage} src={backdrop.url} alt="" aria-hidden="true" decoding="async" />
      )}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog holds the focus first and keeps Tab inside; keys from its controls bubble here */}
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={media ? `${styles.dialog} ${styles.withMedia}` : styles.dialog}
        tabIndex={-1}
        onKeyDown={trapTab}
        data-modal={name}
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
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M4.5 4.5l11 11M15.5 4.5l-11 11" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
