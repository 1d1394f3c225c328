import type { MenuItem } from '@/lib/bff/types';
import { SmartLink } from '@/components/common/SmartLink';
import { TabRow } from './TabRow';
import styles from './SecondaryNav.module.css';

/**
 * The hero's interior navigation: the other pages of this section, the current one marked. Each
 * is a tab, so it shows the menu item's shorter tabTitle where the editor gave one (spec 3 §3);
 * menus elsewhere keep the full title.
 */
export function SecondaryNav({ items }: { items: MenuItem[] }) {
  return (
    <TabRow label="In this section" current={items.find((i) => i.active)?.id}>
      {items.map((item) => (
        <li key={item.id}>
          <SmartLink link={item} className={styles.link} current={item.active}>
            {item.tabTitle || item.title}
          </SmartLink>
        </li>
      ))}
    </TabRow>
  );
}
