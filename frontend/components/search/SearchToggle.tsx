'use client';

import { useId, useRef } from 'react';
import { Icon } from '@/components/icons/Icon';
import field from './searchBox.module.css';
import styles from './SearchToggle.module.css';

/** The header's search button: it opens a search overlay whose form goes to /search?q=. */
export function SearchToggle() {
  const dialog = useRef<HTMLDialogElement>(null);
  const inputId = useId();
  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        <Icon name="search" size={20} />
        <span className="visually-hidden">Search</span>
      </button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop; Escape closes a modal dialog by itself */}
      <dialog
        ref={dialog}
        className={styles.overlay}
        aria-label="Search the site"
        onClick={(e) => {
          if (e.target === dialog.current) dialog.current.close(); // a click on the backdrop
        }}
      >
        {/* A plain GET form: it works before hydration, and needs no router (the header renders
            outside any page, in tests too). */}
        <form action="/search" method="get" role="search" className={field.form}>
          <label htmlFor={inputId} className={field.label}>
            Search benefits, discounts and advice
          </label>
          <div className={field.box}>
            <input id={inputId} name="q" type="search" required maxLength={200} className={field.input} autoComplete="off" />
            <button type="submit" className={field.submit}>
              Search
            </button>
          </div>
        </form>
        <button type="button" className={styles.overlayClose} onClick={() => dialog.current?.close()}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close search</span>
        </button>
      </dialog>
    </>
  );
}
