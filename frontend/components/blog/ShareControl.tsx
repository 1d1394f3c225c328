'use client';

import type { MouseEvent } from 'react';
import styles from './blog.module.css';

/** The popup size of the share pages (spec 1 §2, social sharing). */
const POPUP = 'width=500,height=300';

/** The share pages of spec 1 §2: Facebook, Twitter and LinkedIn (title and URL) and a mailto. */
export function shareLinks(title: string, url: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, popup: true },
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?text=${t}&url=${u}`, popup: true },
    { name: 'LinkedIn', href: `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${t}`, popup: true },
    { name: 'Email', href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${url}`)}`, popup: false },
  ];
}

interface ShareControlProps {
  /** Defaults to the product's name, as the spec says. */
  title?: string;
  url: string;
  productName?: string;
}

/** The 'Share' control: each service opens in a 500×300 popup; without JavaScript, in a new tab. */
export function ShareControl({ title, url, productName = 'Union Benefits' }: ShareControlProps) {
  const links = shareLinks(title || productName, url);
  function open(event: MouseEvent<HTMLAnchorElement>, href: string) {
    // "noopener" in the features would make open() return null, so the opener is cut by hand.
    const win = window.open(href, 'share', POPUP);
    if (win === null) return; // blocked: the link opens a new tab instead
    win.opener = null;
    event.preventDefault();
  }
  return (
    <div className={styles.share} role="group" aria-labelledby="share-label">
      <span id="share-label" className={styles.shareLabel}>
        Share
      </span>
      <ul className={styles.shareList}>
        {links.map((l) => (
          <li key={l.name}>
            {l.popup ? (
              <a
                href={l.href}
                className={styles.shareLink}
                target="_blank"
                rel="noopener noreferrer"
                onClick={(e) => open(e, l.href)}
              >
                {l.name}
                <span className="visually-hidden"> (opens a new window)</span>
              </a>
            ) : (
              <a href={l.href} className={styles.shareLink}>
                {l.name}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
