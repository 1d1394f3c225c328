import NextLink from 'next/link';
import type { CSSProperties, ReactNode } from 'react';
import type { Footer as FooterContent, Link, LinkGroup } from '@/lib/bff/types';
import { LogoMark } from '@/components/common/LogoMark';
import { RichText } from '@/components/common/RichText';
import { SmartLink } from '@/components/common/SmartLink';
import { SOCIAL_NAMES, SocialIcon } from './SocialIcon';
import styles from './Footer.module.css';

interface FooterProps {
  productName: string;
  footer: FooterContent;
  /**
   * 'short' leaves only the copyright and the legal links: no logo, no navigation, no social links.
   * For screens that keep the visitor on one task, such as the partner login page.
   */
  variant?: 'full' | 'short';
}

export function Footer({ productName, footer, variant = 'full' }: FooterProps) {
  const full = variant === 'full';
  return (
    <footer className={full ? styles.footer : `${styles.footer} ${styles.short}`} data-variant={variant}>
      <div className="container">
        {full && (
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
        )}

        {full && footer.groups.length > 0 && (
          <nav aria-label="Benefits" className={styles.groups}>
            {/* Two drawings of the same links: CSS shows the grid above 1000px and the accordion below. */}
            <div
              className={styles.grid}
              data-testid="footer-grid"
              style={{ '--columns': gridColumns(footer.groups.length) } as CSSProperties}
            >
              {footer.groups.map((group) => (
                <div key={group.title} className={styles.group}>
                  <h2 className={styles.groupTitle}>
                    {group.url ? (
                      <SmartLink link={{ url: group.url, title: group.title }} className={styles.groupTitleLink} />
                    ) : (
                      group.title
                    )}
                  </h2>
                  <GroupLinks group={group} />
                </div>
              ))}
            </div>
            <div className={styles.accordion} data-testid="footer-accordion">
              {footer.groups.map((group) => (
                <details key={group.title} className={styles.fold}>
                  <summary className={styles.summary}>{group.title}</summary>
                  <GroupLinks group={group} withOverview />
                </details>
              ))}
            </div>
          </nav>
        )}

        {/* The site's small print (union_structure_global's disclaimer_text), on the short footer too. */}
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

/** A group's links; in the accordion the summary is not a link, so the group page comes first. */
function GroupLinks({ group, withOverview = false }: { group: LinkGroup; withOverview?: boolean }) {
  return (
    <LinkList links={group.links} className={styles.groupLinks} linkClassName={styles.groupLink}>
      {withOverview && group.url && (
        <li>
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
