import type { UnionBrand } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { ArrowLink } from '@/components/common/SmartLink';
import { UnionLogo } from './UnionLogo';
import styles from './UnionIntro.module.css';

/**
 * The chosen union's own words on its members page (spec 1 §3 'Union term'): its logo, linked to
 * the union's site, its description and the blog post its editors feature.
 */
export function UnionIntro({ union }: { union: UnionBrand }) {
  return (
    <section className={styles.band} aria-label={`About ${union.label}`} data-union-intro="">
      <div className={`container ${styles.inner}`}>
        {union.logo && <UnionLogo union={union} className={styles.logo} linkClassName={styles.logoLink} />}
        <div className={styles.words}>
          {union.description && <RichText html={union.description} />}
          {union.featuredPost && (
            <p className={styles.featured}>
              <span className={styles.featuredLabel}>Featured post</span>
              <ArrowLink link={union.featuredPost} className={styles.featuredLink} />
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
