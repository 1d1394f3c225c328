import type { ReactNode } from 'react';
import type { Link, PartnersBlock, SponsorGridBlock, SponsorItem, WinnersGridBlock } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { BlockSection } from './BlockSection';
import { BlockImage } from './BlockImage';
import { CmsLink } from '@/components/links/CmsLink';
import { SectionHeader } from './SectionHeader';
import { winnersColumns } from './layout';
import shared from './blockStyles.module.css';
import styles from './Logos.module.css';

/** One sponsor logo (style 250x200), linked to the sponsor when there is a link. */
export function SponsorLogo({ item }: { item: SponsorItem }) {
  if (!item.image) return null;
  return (
    <div className={styles.logoBox}>
      <LogoLink link={item.link}>
        <BlockImage image={item.image} className={styles.sponsorImage} />
      </LogoLink>
    </div>
  );
}

/** A logo, linked when the CMS gives it a link. */
function LogoLink({ link, children }: { link?: Link; children: ReactNode }) {
  if (!link) return children;
  return (
    <CmsLink link={link} className={styles.logoLink}>
      {children}
    </CmsLink>
  );
}

/** sponsor_grid: sponsor logos laid out in a wrapping row. */
export function SponsorGrid({ block }: { block: SponsorGridBlock }) {
  return (
    <BlockSection type="sponsor_grid">
      <SectionHeader headline={block.headline} centered />
      <ul className={styles.logos}>
        {block.items.map((item, i) => (
          <li key={i}>
            <SponsorLogo item={item} />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

/** winners_grid: 4 columns above 3 winners, else 3 (spec 3 §9). */
export function WinnersGrid({ block }: { block: WinnersGridBlock }) {
  return (
    <BlockSection type="winners_grid">
      <SectionHeader headline={block.headline} description={block.subHeading} centered />
      <ul className={styles.winners} data-columns={winnersColumns(block.winners.length)}>
        {block.winners.map((w, i) => (
          <li key={i} className={styles.winner}>
            {w.image && <BlockImage image={w.image} className={styles.portrait} />}
            <h3 className={shared.cardTitle}>{w.headline}</h3>
            {w.attribution && <p className={shared.cardText}>{w.attribution}</p>}
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

/** partners: logo sections; premiere logos are larger (312 wide) than others (200 wide). */
export function Partners({ block }: { block: PartnersBlock }) {
  return (
    <BlockSection type="partners">
      <SectionHeader headline={block.headline} centered />
      <div className={styles.sections}>
        {block.sections.map((section, i) => (
          <div key={i} className={styles.partnerSection} data-size={section.size}>
            {section.headline && <h3 className={styles.sectionTitle}>{section.headline}</h3>}
            <ul className={styles.partners}>
              {section.items.map((item, j) => (
                <li key={j} className={styles.partner}>
                  {item.image && (
                    <LogoLink link={item.link}>
                      <BlockImage image={item.image} className={styles.partnerImage} />
                    </LogoLink>
                  )}
                  {item.html && <RichText html={item.html} className={shared.cardText} />}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </BlockSection>
  );
}
