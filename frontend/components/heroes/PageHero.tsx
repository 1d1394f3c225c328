import type { ReactNode } from 'react';
import type { Hero } from '@/lib/bff/types';
import { SmartLink } from '@/components/common/SmartLink';
import { CmsButtonLink, CmsLink } from '@/components/links/CmsLink';
import { CmsImage } from '@/components/common/CmsImage';
import { HeroVideo } from './HeroVideo';
import styles from './PageHero.module.css';

/**
 * The top of every content page but home, in the variant the BFF chose (spec 3 §4): `image` over a
 * photo or a background video, `text` on a plain band, `basic` as a title and sub-text. A video
 * whose headline goes below shows the video first and the words under it. `aside` is the hero-form
 * style's sign-up (spec 3 §3 useFormStyle, the Plus More pages): beside the words from desktop
 * width, under them below it.
 */
export function PageHero({ hero, aside }: { hero: Hero; aside?: ReactNode }) {
  if (hero.variant === 'basic') {
    return (
      <section className={styles.basic}>
        <div className="container">
          <h1 className={styles.basicTitle}>{hero.headline}</h1>
          {hero.description && <p className={styles.basicText}>{hero.description}</p>}
          {aside}
        </div>
      </section>
    );
  }
  const media = hero.variant === 'image';
  const below = media && hero.video?.headlineBelow;
  const words = aside ? (
    <div className={styles.withAside}>
      <div className={styles.content}>
        <HeroWords hero={hero} />
      </div>
      {aside}
    </div>
  ) : (
    <HeroWords hero={hero} />
  );
  return (
    <>
      <section
        className={media ? styles.media : styles.text}
        data-takeover={hero.video?.takeover || undefined}
        data-fixed={hero.video?.fixedHeight || undefined}
        data-below={below || undefined}
      >
        {media && hero.video && <HeroVideo video={hero.video} poster={hero.image?.url} />}
        {media && !hero.video && hero.image && (
          <CmsImage image={hero.image} className={styles.image} alt="" fetchPriority="high" decoding="async" />
        )}
        {media && !below && <div className={styles.overlay} aria-hidden="true" />}
        {!below && <div className={`container ${styles.content}`}>{words}</div>}
      </section>
      {below && (
        <section className={styles.text}>
          <div className={`container ${styles.content}`}>{words}</div>
        </section>
      )}
    </>
  );
}

function HeroWords({ hero }: { hero: Hero }) {
  const links = [...(hero.link ? [hero.link] : []), ...(hero.links ?? [])];
  return (
    <>
      {hero.sponsor && (
        <p className={styles.sponsor}>
          <span className={styles.sponsorLabel}>Offered with</span>
          {hero.sponsor.image ? (
            <SponsorLogo sponsor={hero.sponsor} />
          ) : (
            <span className={styles.sponsorName}>{hero.sponsor.title}</span>
          )}
        </p>
      )}
      {hero.eyebrow && <p className={styles.eyebrow}>{hero.eyebrow}</p>}
      <h1 className={styles.headline}>{hero.headline}</h1>
      {hero.description && <p className={styles.description}>{hero.description}</p>}
      {hero.secondaryText && <p className={styles.secondary}>{hero.secondaryText}</p>}
      {links.length > 0 && (
        <div className={styles.actions}>
          {links.map((link, i) => (
            <CmsButtonLink
              key={link.url + i}
              link={link}
              variant={i === 0 ? 'primary' : 'secondary'}
              className={i === 0 ? undefined : styles.secondaryButton}
            />
          ))}
        </div>
      )}
      {hero.spanishUrl && (
        <SmartLink link={{ url: hero.spanishUrl, title: 'En español' }} className={styles.spanish}>
          <span lang="es">En español</span>
        </SmartLink>
      )}
    </>
  );
}

function SponsorLogo({ sponsor }: { sponsor: NonNullable<Hero['sponsor']> }) {
  const image = sponsor.image!;
  // eslint-disable-next-line @next/next/no-img-element -- a CMS file at its own size, from any host: the deployment runs no image optimizer
  const logo = <img className={styles.sponsorLogo} src={image.url} alt={sponsor.title || image.alt} height={40} />;
  return sponsor.link ? <CmsLink link={{ ...sponsor.link, title: sponsor.title }}>{logo}</CmsLink> : logo;
}
