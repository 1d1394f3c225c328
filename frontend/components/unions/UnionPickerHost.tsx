'use client';

import { useEffect, useState } from 'react';
import { rememberOpener } from '@/components/modals/opener';
import { useSession } from '@/components/session/SessionProvider';
import { loadUnionPicker } from './loadUnionPicker';
import type { UnionPicker as UnionPickerComponent } from './UnionPicker';
import { unionPageOf, type UnionPage } from './unionPages';

/** The union page a click would open, and the link clicked; undefined for any other click. */
function unionPageClicked(event: MouseEvent): { page: UnionPage; link: HTMLAnchorElement } | undefined {
  // A new tab or window, a download: the page itself asks for a union there.
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || url.searchParams.has('union')) return undefined;
  const page = unionPageOf(url.pathname);
  return page && { page, link };
}

/**
 * Asks a visitor who has chosen no union which is theirs before a union page (issue 36): every
 * link to /union-member-benefits or /union-member-eligibility on the site (the heroes' buttons,
 * blocks, menus, editors' links in rich text) opens the union picker instead, which then goes
 * to that page for the union chosen. One listener on the document sees them all, before the
 * link's own handler (capture), so no link needs to know. A modified click, or a page without
 * scripts, reaches the page itself, which asks in its own way (ContentPage's UnionChoice).
 *
 * The picker's code is loaded by the first click it answers (few page views need it): the click
 * itself is handled here, by the listener every page has, so it cannot be lost while the picker's
 * code is on its way; a status says it is loading meanwhile.
 *
 * `unionChosen` is what the layout knows of the request: a union chosen by ?union= or the union
 * cookie. A signed-in member's pages are their own union's (the BFF sends them to their account),
 * and a visitor with a union goes straight on.
 */
export function UnionPickerHost({ unionChosen }: { unionChosen: boolean }) {
  const { session } = useSession();
  const [picking, setPicking] = useState<UnionPage | null>(null);
  const [Picker, setPicker] = useState<typeof UnionPickerComponent | null>(null);
  const unions = session.visibleUnions;
  const asks = !unionChosen && !session.signedIn && unions.length > 0;

  useEffect(() => {
    if (!asks) return;
    const onClick = (event: MouseEvent) => {
      const clicked = unionPageClicked(event);
      if (!clicked) return;
      event.preventDefault();
      event.stopPropagation(); // the link's own navigation (Next's Link) never starts
      rememberOpener(clicked.link); // where the picker gives the focus back
      setPicking(clicked.page);
      void loadUnionPicker().then((loaded) => setPicker(() => loaded));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [asks]);

  if (!asks || !picking) return null;
  if (!Picker) {
    return (
      <p role="status" className="visually-hidden">
        Loading…
      </p>
    );
  }
  return <Picker page={picking} unions={unions} onClose={() => setPicking(null)} />;
}
