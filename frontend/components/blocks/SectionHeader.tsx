import type { Link } from '@/lib/bff/types';
import { CmsArrowLink, CmsButtonLink } from '@/components/links/CmsLink';
import shared from './blockStyles.module.css';

interface SectionHeaderProps {
  headline?: string;
  description?: string;
  link?: Link;
  centered?: boolean;
}

/** The headline, description and "see all" link many blocks open with. */
export function SectionHeader({ headline, description, link, centered }: SectionHeaderProps) {
  if (!headline && !description && !link) return null;
  return (
    <div className={shared.header} data-centered={centered ? '' : undefined}>
      <div className={shared.headerText}>
        {headline && <h2 className={shared.headline}>{headline}</h2>}
        {description && <p className={shared.description}>{description}</p>}
      </div>
      {link && <CmsArrowLink link={link} className={shared.seeAll} />}
    </div>
  );
}

/** A block's closing links (link and linkSecondary), side by side. */
export function BlockActions({ link, secondary }: { link?: Link; secondary?: Link }) {
  if (!link && !secondary) return null;
  return (
    <div className={shared.actions}>
      {link && <CmsButtonLink link={link} />}
      {secondary && <CmsButtonLink link={secondary} variant="secondary" />}
    </div>
  );
}
