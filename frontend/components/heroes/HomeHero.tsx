import type { Hero } from '@/lib/bff/types';
import { ButtonLink } from '@/components/common/ButtonLink';
import styles from './HomeHero.module.css';

/** The home page's opening: a full-bleed photo under a navy wash, with the page's h1 on top. */
export function HomeHero({ hero }: { hero: Hero }) {
  const { image } = hero;
  return (
    <section className={styles.hero}>
      {image && (
        // A plain img: the CMS serves sized files itself, so no optimisation service sits in between.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          className={styles.image}
          src={image.url}
          alt={image.alt}
          width={image.width}
          height={image.height}
          fetchPriority="high"
          decoding="async"
        />
      )}
      <div className={styles.overlay} aria-hidden="true" />
      <div className={`container ${styles.content}`}>
        {hero.eyebrow && <p className={styles.eyebrow}>{hero.eyebrow}</p>}
        <h1 className={styles.headline}>{hero.headline}</h1>
        {hero.description && <p className={styles.description}>{hero.description}</p>}
        {hero.link && (
          <div className={styles.actions}>
            <ButtonLink link={hero.link} />
          </div>
        )}
      </div>
    </section>
  );
}
