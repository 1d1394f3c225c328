'use client';

import { useState } from 'react';
import { useSession } from '@/components/session/SessionProvider';
import { useHydrated } from '@/lib/useHydrated';
import { loadUnionPicker } from './loadUnionPicker';
import type { UnionPicker } from './UnionPicker';
import { unionPageHref, type UnionPage } from './unionPages';
import styles from './UnionChoice.module.css';

/**
 * The union pages' body for a visitor who has chosen no union (the BFF's 'Choose Your Union'
 * document): every union as a plain link to this page with ?union=, which works without scripts
 * too and reloads the whole page for the union chosen, and, once scripts run, a button that opens
 * the union picker to search them by name.
 */
export function UnionChoice({ page }: { page: UnionPage }) {
  const { session } = useSession();
  const hydrated = useHydrated();
  // Whether the picker is open (it gives the focus back to the button, which has it: Modal).
  const [picking, setPicking] = useState(false);
  // The picker's code, loaded by the button's first press (loadUnionPicker).
  const [Picker, setPicker] = useState<typeof UnionPicker | null>(null);
  const open = () => {
    setPicking(true);
    void loadUnionPicker().then((loaded) => setPicker(() => loaded));
  };
  const unions = session.visibleUnions;
  return (
    <section className={`container ${styles.choice}`} aria-labelledby="union-choice-title">
      <div className={styles.head}>
        <h2 id="union-choice-title" className={styles.title}>
          Participating unions
        </h2>
        {hydrated && unions.length > 0 && (
          <button type="button" className={styles.search} aria-haspopup="dialog" onClick={open}>
            Search for your union
          </button>
        )}
      </div>
      {unions.length > 0 ? (
        <ul className={styles.list}>
          {unions.map((union) => (
            <li key={union.id}>
              {/* A whole page load: the menus and footer are drawn for the union chosen too. */}
              <a className={styles.link} href={unionPageHref(page, union.id)}>
                {union.unionLabel}
                <span aria-hidden="true"> →</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>The list of unions could not be loaded. Please reload the page.</p>
      )}
      {picking &&
        (Picker ? (
          <Picker page={page} unions={unions} onClose={() => setPicking(false)} />
        ) : (
          <p role="status" className="visually-hidden">
            Loading…
          </p>
        ))}
    </section>
  );
}
