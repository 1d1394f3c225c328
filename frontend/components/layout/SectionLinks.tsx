import type { MenuEntry } from './priorityNav';
import { SmartLink } from '@/components/common/SmartLink';

/** Class names for each level of a section's links; the desktop panel and the mobile menu differ. */
export interface SectionLinkClasses {
  overview: string;
  link: string;
  subList: string;
  subLink: string;
}

/**
 * The links of one main-menu section, as list items: an overview link to the section itself, its
 * pages, and their sub-pages in a nested list. Shared by the desktop panel and the mobile menu, so
 * both show the same tree.
 */
export function SectionLinks({
  section,
  pathname,
  onNavigate,
  classes,
}: {
  section: MenuEntry;
  pathname: string;
  onNavigate: () => void;
  classes: SectionLinkClasses;
}) {
  return (
    <>
      <li>
        <SmartLink
          link={{ url: section.url, title: `${section.title} overview` }}
          className={classes.overview}
          current={section.url === pathname}
          onClick={onNavigate}
        />
      </li>
      {section.children.map((child) => (
        <li key={child.id}>
          <SmartLink link={child} className={classes.link} current={child.url === pathname} onClick={onNavigate} />
          {child.children.length > 0 && (
            <ul className={classes.subList}>
              {child.children.map((grandchild) => (
                <li key={grandchild.id}>
                  <SmartLink
                    link={grandchild}
                    className={classes.subLink}
                    current={grandchild.url === pathname}
                    onClick={onNavigate}
                  />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </>
  );
}
