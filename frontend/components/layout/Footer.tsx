import NextLink from 'next/link';
import type { CSSProperties, ReactNode } from 'react';
import type { Footer as FooterContent, Link, LinkGroup } from '@/lib/bff/types';
import { LogoMark } from '@/components/common/LogoMark';
import { RichText } from '@/components/common/RichText';
import { SmartLink } from '@/components/common/SmartLink';
import { NotInPopup } from '@/components/layout/NotInPopup';
import { FooterGroup } from './FooterGroup';
import { SOCIAL_NAMES, SocialIcon } from './SocialIcon';
import styles from './Footer.module.css';

interface FooterProps {
  productName: string;
  footer: FooterContent;
}

/**
 * The site's footer, drawn once for every width (CSS lays the benefit groups out as columns or as
 * folds: FooterGroup) and every route: a popup (the partner login) keeps only the copyright and the
 * legal links, the rest being inside NotInPopup.
 */
export function Footer({ productName, footer }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className="container">
        <NotInPopup>
          <div className={styles.top}>
            <NextLink href="/" className={styles.brand}>
              <LogoMark size={40} />
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
                      <SocialIcon network={social.network} />
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
                {footer.groups.map((group) => (
                  <FooterGroup
                    key={group.title}
                    title={group.title}
                    heading={
                      group.url ? (
                        <SmartLink link={{ url: group.url, title: group.title }} className={styles.groupTitleLink} />
                      ) : (
                        group.title
                      )
                    }
                  >
                    <GroupLinks group={group} />
                  </FooterGroup>
                ))}
              </div>
            </nav>
          )}
        </NotInPopup>

        {/* The site's small print (union_structure_global's disclaimer_text), on a popup's footer too. */}
        {footer.disclaimer && <RichText html={footer.disclaimer} className={styles.disclaimer} />}
        <div className={styles.bottom}>
          <p className={styles.copyright}>{footer.copyright}</p>
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

/** A group's links; folded, the heading is a button, so the group's page comes first (narrow screens only). */
function GroupLinks({ group }: { group: LinkGroup }) {
  return (
    <LinkList links={group.links} className={styles.groupLinks} linkClassName={styles.groupLink}>
      {group.url && (
        <li className={styles.narrowOnly}>
          <SmartLink link={{ url: group.url, title: `All ${group.title}` }} className={styles.groupLink} />
        </li>
      )}
    </LinkList>
  );
}

interface LinkListProps {
  links: Link[];
  className: string;
  linkClassName: string;
  /** Items before the links. */
  children?: ReactNode;
}

/** A list of CMS links. */
function LinkList({ links, className, linkClassName, children }: LinkListProps) {
  return (
    <ul className={className}>
      {children}
      {links.map((link) => (
        <li key={link.url}>
          <SmartLink link={link} className={linkClassName} />
        </li>
      ))}
    </ul>
  );
}
