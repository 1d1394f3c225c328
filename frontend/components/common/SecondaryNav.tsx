import type { MenuItem } from '@/lib/bff/types';
import { SmartLink } from '@/components/common/SmartLink';
import styles from './SecondaryNav.module.css';

/** The hero's interior navigation: the other pages of this section, the current one marked. */
export function SecondaryNav({ items }: { items: MenuItem[] }) {
  return (
    <nav aria-label="In this section" className={styles.nav}>
      <ul className={`container ${styles.list}`}>
        {items.map((item) => (
          <li key={item.id}>
            <SmartLink link={item} className={styles.link} current={item.active} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
