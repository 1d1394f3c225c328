import type { MenuItem, Sidebar } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { SmartLink } from '@/components/common/SmartLink';
import styles from './PageSidebar.module.css';

/** A generic page's left column: the section's pages (three levels) and a testimonial or promotion. */
export function PageSidebar({ sidebar }: { sidebar: Sidebar }) {
  return (
    <aside className={styles.sidebar}>
      {sidebar.nav.length > 0 && (
        <nav aria-label="Section" className={styles.nav}>
          <NavList items={sidebar.nav} level={1} />
        </nav>
      )}
      {sidebar.testimonial && (
        <figure className={styles.testimonial}>
          <blockquote>
            <RichText html={sidebar.testimonial.html} />
          </blockquote>
          {sidebar.testimonial.source && (
            <figcaption>
              <strong>{sidebar.testimonial.source}</strong>
              {sidebar.testimonial.sourceSubtitle && <span>{sidebar.testimonial.sourceSubtitle}</span>}
            </figcaption>
          )}
        </figure>
      )}
      {sidebar.promotion && (
        <section className={styles.promotion} aria-label={sidebar.promotionTitle || 'Promotion'}>
          {sidebar.promotionTitle && <p className={styles.promotionTitle}>{sidebar.promotionTitle}</p>}
          {sidebar.promotionSubtitle && <p className={styles.promotionSubtitle}>{sidebar.promotionSubtitle}</p>}
          <RichText html={sidebar.promotion} />
          {sidebar.promotionLink && (
            <SmartLink link={sidebar.promotionLink} className={styles.promotionLink}>
              {sidebar.promotionLink.title}
              <span className="visually-hidden">: {sidebar.promotionTitle}</span>
              <span aria-hidden="true"> →</span>
            </SmartLink>
          )}
        </section>
      )}
    </aside>
  );
}

function NavList({ items, level }: { items: MenuItem[]; level: number }) {
  return (
    <ul className={styles.list} data-level={level}>
      {items.map((item) => (
        <li key={item.id}>
          <SmartLink link={item} className={styles.link} current={item.active} />
          {item.children.length > 0 && level < 3 && <NavList items={item.children} level={level + 1} />}
        </li>
      ))}
    </ul>
  );
}
