'use client';

import type { MouseEvent } from 'react';
import { DEFAULT_SERVICES, popupFeatures, sharedTitle, shareHref, type ShareService } from './share';
import styles from './ShareLinks.module.css';

const LABELS: Record<ShareService, string> = {
  twitter: 'Twitter',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  email: 'Email',
};

interface ShareLinksProps {
  /** The absolute URL to share. */
  url: string;
  /** What is shared; the product's name when absent. */
  title?: string;
  /** Which services, in order; twitter, facebook and email when absent. */
  services?: readonly ShareService[];
  /** The brand, for the default title: the site chrome's productName. */
  productName: string;
  className?: string;
  /** The id of a visible label for the list; without one the list is labelled 'Share'. */
  labelledBy?: string;
}

/**
 * Share links for a page. They are ordinary links (they work without JavaScript, in a new tab);
 * with JavaScript the social ones open a 500 by 300 popup instead, and email opens the mail app.
 */
export function ShareLinks({ url, title, services = DEFAULT_SERVICES, productName, className, labelledBy }: ShareLinksProps) {
  const shared = sharedTitle(title, productName);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const popup = window.open(event.currentTarget.href, 'share', popupFeatures(window));
    // A blocked popup (null) leaves the link to open a tab the ordinary way.
    if (!popup) return;
    popup.opener = null;
    event.preventDefault();
  };
  return (
    <ul className={[styles.list, className].filter(Boolean).join(' ')} aria-label={labelledBy ? undefined : 'Share'} aria-labelledby={labelledBy}>
      {services.map((service) => (
        <li key={service}>
          {service === 'email' ? (
            <a className={styles.link} href={shareHref(service, url, shared)} data-service={service}>
              {LABELS[service]}
              <span className="visually-hidden"> this page</span>
            </a>
          ) : (
            <a
              className={styles.link}
              href={shareHref(service, url, shared)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onClick}
              data-service={service}
            >
              <span className="visually-hidden">Share on </span>
              {LABELS[service]}
              <span className="visually-hidden"> (opens a popup)</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
