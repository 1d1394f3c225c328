import type { IconsBlock } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { CmsArrowLink } from '@/components/links/CmsLink';
import { promoColumns } from './layout';
import shared from './blockStyles.module.css';
import styles from './Icons.module.css';

/** A set of feature cards with an icon each, in the column count of spec 3 §9 (promoColumns). */
export function Icons({ block }: { block: IconsBlock }) {
  return (
    <section className={shared.section} data-block="icons">
      <div className={`container ${styles.inner}`}>
        {block.headline && <h2 className={`${shared.headline} ${styles.headline}`}>{block.headline}</h2>}
        <ul className={shared.grid} data-columns={promoColumns(block.items.length)}>
          {block.items.map((item, index) => (
            <li key={`${index}-${item.headline}`} className={styles.card}>
              {item.icon && (
                <span className={styles.iconWrap}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- a CMS file at its own size, from any host: the deployment runs no image optimizer */}
                  <img src={item.icon.url} alt={item.icon.alt} width={44} height={44} loading="lazy" decoding="async" />
                </span>
              )}
              <h3 className={styles.title}>{item.headline}</h3>
              <RichText html={item.html} className={styles.text} />
              {item.link && <CmsArrowLink link={item.link} className={styles.link} />}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
