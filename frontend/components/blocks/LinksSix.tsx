import type { Link } from '@/lib/bff/types';
import { CmsArrowLink } from '@/components/links/CmsLink';
import shared from './blockStyles.module.css';

/** The most links a promo's linksSix shows (spec 3 §3), whatever the document holds. */
export const MAX_LINKS_SIX = 6;

/**
 * A promo's further links (linksSix) under its calls to action: a list, so a screen reader says
 * how many there are, in two columns where there is room.
 */
export function LinksSix({ links }: { links?: Link[] }) {
  if (!links?.length) return null;
  return (
    <ul className={shared.linksSix}>
      {links.slice(0, MAX_LINKS_SIX).map((link) => (
        <li key={`${link.url} ${link.title}`}>
          <CmsArrowLink link={link} className={shared.linksSixLink} />
        </li>
      ))}
    </ul>
  );
}
