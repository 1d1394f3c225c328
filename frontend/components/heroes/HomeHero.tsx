import type { Callout, Hero } from '@/lib/bff/types';
import { CmsImage } from '@/components/common/CmsImage';
import { CmsArrowLink, CmsButtonLink } from '@/components/links/CmsLink';
import { MailingPromo } from '@/components/mailing/MailingPromo';
import { HeroVideo } from './HeroVideo';
import styles from './HomeHero.module.css';

/**
 * The home page's opening (spec 1 §2): a full-bleed photo or background video under a navy wash,
 * the page's h1 on top, and the featured callout beside it when the CMS has one. A takeover video
 * makes the hero the whole first screen; while the page shows one, the site is in takeover mode
 * (`data-takeover`, which the header's styles follow), and leaving the page ends it. The email
 * promo, when the CMS has one, sits under the words for readers not yet on the list; `union` is
 * the one the reader chose, preselected in it (none for a visitor who chose none).
 */
export function HomeHero({ hero, union }: { hero: Hero; union?: string }) {
  const { image, video, callout } = hero;
  return (
    <section className={styles.hero} data-takeover={video?.takeover || undefined} data-callout={callout ? '' : undefined}>
      {video ? (
        <HeroVideo video={video} poster={image?.url} />
      ) : (
        image && (
          <CmsImage image={image} className={styles.image} fetchPriority="high" decoding="async" />
        )
      )}
      <div className={styles.overlay} aria-hidden="true" />
      <div className={`container ${styles.content}`}>
        <div className={styles.words}>
          {hero.eyebrow && <p className={styles.eyebrow}>{hero.eyebrow}</p>}
          <h1 className={styles.headline}>{hero.headline}</h1>
          {hero.description && <p className={styles.description}>{hero.description}</p>}
          {hero.link && (
            <div className={styles.actions}>
              <CmsButtonLink link={hero.link} />
            </div>
          )}
          {hero.emailPromo && (
            <MailingPromo source="home-promo" tone="dark" defaultUnion={union} className={styles.promo} labelledBy="home-email-promo">
              <h2 id="home-email-promo" className={styles.promoHeadline}>
                {hero.emailPromo.headline}
              </h2>
              {hero.emailPromo.description && <p className={styles.promoText}>{hero.emailPromo.description}</p>}
            </MailingPromo>
          )}
        </div>
        {callout && <FeaturedCallout callout={callout} />}
      </div>
    </section>
  );
}

/** The featured callout: a short message with its own link, read after the headline. */
function FeaturedCallout({ callout }: { callout: Callout }) {
  return (
    <aside className={styles.callout} aria-labelledby="home-callout-title">
      {callout.eyebrow && <p className={styles.calloutEyebrow}>{callout.eyebrow}</p>}
      <h2 id="home-callout-title" className={styles.calloutHeadline}>
        {callout.headline}
      </h2>
      {callout.description && <p className={styles.calloutDescription}>{callout.description}</p>}
      {callout.link && <CmsArrowLink link={callout.link} className={styles.calloutLink} />}
    </aside>
  );
}
