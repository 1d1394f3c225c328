import NextLink from 'next/link';
import type { CSSProperties } from 'react';
import type { Footer as FooterContent, Link, LinkGroup, SocialNetwork } from '@/lib/bff/types';
import { Icon } from '@/components/icons/Icon';
import { RichText } from '@/components/common/RichText';
import { SmartLink } from '@/components/common/SmartLink';
import { NotInPopup } from '@/components/layout/NotInPopup';
import { FooterGroups } from './FooterGroups';
import styles from './Footer.module.css';

/** How each network is named to people, e.g. for screen readers. */
const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
};

interface FooterProps {
  productName: string;
  footer: FooterContent;
}

/**
 * The site's footer, drawn once for every width (CSS lays the benefit groups out as columns or as
 * folds: FooterGroups) and every route: a popup (the partner login) keeps only the copyright and the
 * legal links, the rest being inside NotInPopup.
 */
export function Footer({ productName, footer }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className="container">
        <NotInPopup>
          <div className={styles.top}>
            <NextLink href="/" className={styles.brand}>
              <Icon name="logo" size={40} />
              <span>{productName}</span>
            </NextLink>
            {footer.topLinks.length > 0 && (
              <nav aria-label="Footer">
                <LinkList links={footer.topLinks} className={styles.topLinks} linkClassName={styles.topLink} />
              </nav>
            )}
            {footer.social.length > 0 && (
              <ul className={styles.social} aria-label="Follow us">
                {footer.social.map((social) => (
                  <li key={social.network}>
                    <a href={social.url} className={styles.socialLink} aria-label={SOCIAL_NAMES[social.network]}>
                      <Icon name={social.network} size={22} />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>

          {footer.groups.length > 0 && (
            <nav aria-label="Benefits" className={styles.groups}>
              <div
                className={styles.grid}
                data-testid="footer-groups"
                style={{ '--columns': gridColumns(footer.groups.length) } as CSSProperties}
              >
                <FooterGroups groups={drawnGroups(footer.groups)} />
              </div>
            </nav>
          )}
        </NotInPopup>

        {/* The site's small print (union_structure_global's disclaimer_text), on a popup's footer too. */}
        {footer.disclaimer && <RichText html={footer.disclaimer} className={styles.disclaimer} />}
        <div className={styles.bottom}>
          <p>{footer.copyright}</p>
          {footer.bottomLinks.length > 0 && (
            <LinkList links={footer.bottomLinks} className={styles.bottomLinks} linkClassName={styles.bottomLink} />
          )}
        </div>
      </div>
    </footer>
  );
}

/** Columns that leave no lonely last row: up to four side by side, five or six as two rows of three. */
function gridColumns(groups: number): number {
  if (groups <= 4) return Math.max(groups, 1);
  if (groups <= 6) return 3;
  return 4;
}

interface LinkListProps {
  links: Link[];
  className: string;
  linkClassName: string;
}

/** A list of CMS links. */
function LinkList({ links, className, linkClassName }: LinkListProps) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.url}>
          <SmartLink link={link} className={linkClassName} />
        </li>
      ))}
    </ul>
  );
}

/**
 * What of a group FooterGroups draws: its title, its page and its links' words, addresses and
 * targets (a server function: the client module's own could not be called here).
 */
function drawnGroups(groups: LinkGroup[]): LinkGroup[] {
  const drawn = ({ url, title, target }: Link): Link => ({ url, title, ...(target && { target }) });
  return groups.map(({ title, url, links }) => ({ title, ...(url && { url }), links: links.map(drawn) }));
}
