'use client';

import { useId, useState } from 'react';
import type { LinkGroup } from '@/lib/bff/types';
import { SmartLink } from '@/components/common/SmartLink';
import styles from './Footer.module.css';

/**
 * The footer's benefit groups, drawn once for every width. A client component's props are written
 * into the page beside the markup it draws, so this one takes the groups as data (titles and
 * addresses), not as drawn headings and lists: the page carries each link once as data rather
 * than once more as a tree of elements and class names.
 */
export function FooterGroups({ groups }: { groups: LinkGroup[] }) {
  return (
    <>
      {groups.map((group) => (
        <FooterGroup key={group.title} group={group} />
      ))}
    </>
  );
}

/**
 * One group. Above 1000px it is a column: a heading (linked to the group's page when it has one)
 * over its links. At 1000px and below the heading holds a button that folds the links (a
 * disclosure, as the APG's accordion: the button inside the heading), the wide heading's content
 * is not shown, and the group's page comes first among the links. CSS shows one or the other, so
 * the button is never announced on wide screens, where the links are always shown.
 */
function FooterGroup({ group }: { group: LinkGroup }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { title, url } = group;
  return (
    <div className={styles.group} data-open={open || undefined}>
      <h2 className={styles.groupTitle}>
        <span className={styles.wideOnly}>
          {url ? <SmartLink link={{ url, title }} className={styles.groupTitleLink} /> : title}
        </span>
        <button type="button" className={styles.fold} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {title}
        </button>
      </h2>
      <div id={id} className={styles.foldBody}>
        <ul className={styles.groupLinks}>
          {url && (
            <li className={styles.narrowOnly}>
              <SmartLink link={{ url, title: `All ${title}` }} className={styles.groupLink} />
            </li>
          )}
          {group.links.map((link) => (
            <li key={link.url}>
              <SmartLink link={link} className={styles.groupLink} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
