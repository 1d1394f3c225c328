import { pagesOf, type MenuLink } from './priorityNav';
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
  section: MenuLink;
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
      {/* The list never changes order while drawn: its place is its key. */}
      {pagesOf(section).map((child, i) => (
        <li key={i}>
          <SmartLink link={child} className={classes.link} current={child.url === pathname} onClick={onNavigate} />
          {child.children && (
            <ul className={classes.subList}>
              {child.children.map((grandchild, j) => (
                <li key={j}>
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
