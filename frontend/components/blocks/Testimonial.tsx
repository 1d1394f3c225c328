import type { TestimonialBlock } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { BlockSection } from './BlockSection';
import { BlockImage } from './BlockImage';
import { SectionHeader } from './SectionHeader';
import { promoColumns } from './layout';
import shared from './blockStyles.module.css';
import styles from './Testimonial.module.css';

/** Member quotes, each with who said it, in the column count of spec 3 §9 at desktop widths. */
export function Testimonial({ block }: { block: TestimonialBlock }) {
  return (
    <BlockSection type="testimonial">
      <SectionHeader headline={block.headline} centered />
      <ul className={shared.grid} data-columns={promoColumns(block.items.length)}>
        {block.items.map((item, i) => (
          <li key={i}>
            <figure className={styles.quote}>
              {item.icon && <BlockImage image={{ ...item.icon, alt: '' }} className={styles.icon} />}
              <blockquote>
                <RichText html={item.html} className={styles.text} />
              </blockquote>
              {(item.attribution || item.attributionTwo) && (
                <figcaption className={styles.caption}>
                  {item.attribution && <span className={styles.name}>{item.attribution}</span>}
                  {item.attributionTwo && <span>{item.attributionTwo}</span>}
                </figcaption>
              )}
            </figure>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
