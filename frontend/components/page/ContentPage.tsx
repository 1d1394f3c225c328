import type { PageDocument } from '@/lib/bff/types';
import { GateModal } from '@/components/auth/lazy';
import { BlockList } from '@/components/blocks/BlockList';
import { ButtonLink } from '@/components/common/ButtonLink';
import { RichText } from '@/components/common/RichText';
import { SecondaryNav } from '@/components/common/SecondaryNav';
import { BenefitCards } from '@/components/favorites/BenefitCards';
import { HomeHero } from '@/components/heroes/HomeHero';
import { PageHero } from '@/components/heroes/PageHero';
import { PageModalDressing } from '@/components/modals/PageModalDressing';
import { EligibilityTables } from '@/components/eligibility/EligibilityTables';
import { PageEmbeds } from '@/components/embed/PageEmbeds';
import { HotelSearch } from '@/components/hotels/lazy';
import { LivestreamView } from '@/components/livestream/lazy';
import { HeroSignup } from '@/components/mailing/HeroSignup';
import { UnionChoice } from '@/components/unions/lazy';
import { UnionIntro } from '@/components/unions/UnionIntro';
import { unionPageOf } from '@/components/unions/unionPages';
import { BenefitMedia } from './BenefitMedia';
import { UnionCard } from './UnionCard';
import { PageSidebar } from './PageSidebar';
import styles from './ContentPage.module.css';

/** Group titles of the members page (spec 1 §2) and of category pages. */
const GROUP_TITLES = {
  members: {
    other: "Unique benefits you won't find anywhere else",
    hardship: 'Hardship help for union families facing financial challenges',
  },
  category: { other: 'Benefits', hardship: 'Hardship help' },
};

/**
 * The union a sign-up form starts with: only one the reader chose (or a member's own), never the
 * site's fallback, which would sign a visitor up for a union that is not theirs.
 */
function chosenUnion(page: PageDocument): string | undefined {
  return page.unionChosen ? page.union?.id : undefined;
}

/** The sign-up card of a landing page in the hero-form style (spec 3 §3 useFormStyle). */
function heroForm(page: PageDocument) {
  if (page.kind !== 'landing' || !page.useFormStyle) return undefined;
  return (
    <HeroSignup
      source="hero-form"
      defaultUnion={chosenUnion(page)}
      headline="Get member news first"
      text="New discounts, money tips and hardship help, about once a month."
    />
  );
}

/**
 * One content page as the BFF shaped it, laid out by kind. A gated document holds only a title:
 * the gate is all there is to draw.
 */
export function ContentPage({ page, chatProviderUrl = '' }: { page: PageDocument; /** CHAT_PROVIDER_URL, for livestream pages. */ chatProviderUrl?: string }) {
  const modals = page.authModals && <PageModalDressing dressing={page.authModals} />;
  if (page.gate) {
    return (
      <>
        {modals}
        <PageHero hero={page.hero} />
        <GateModal pageTitle={page.title} />
      </>
    );
  }
  const titles = page.kind === 'members' ? GROUP_TITLES.members : GROUP_TITLES.category;
  // A union page for a visitor who has chosen no union: the BFF's 'Choose Your Union' document.
  const choosing = (page.kind === 'members' || page.kind === 'eligibility') && !page.unionChosen && unionPageOf(page.path);
  return (
    <>
      {modals}
      {page.aboveHeader && page.aboveHeader.length > 0 && <BlockList blocks={page.aboveHeader} pagePath={page.path} />}
      {page.hotelSearch && <HotelSearch />}
      {page.kind === 'home' ? <HomeHero hero={page.hero} union={chosenUnion(page)} /> : <PageHero hero={page.hero} aside={heroForm(page)} />}
      {page.secondaryNav && page.secondaryNav.length > 0 && <SecondaryNav items={page.secondaryNav} />}
      {page.unionBrand && <UnionIntro union={page.unionBrand} />}
      <BenefitMedia videoPlayer={page.videoPlayer} optionalCta={page.optionalCta} poster={page.hero.image} />
      {page.creditCard && <UnionCard offer={page.creditCard} />}
      <PageEmbeds page={page} />
      {page.livestream && <LivestreamView stream={page.livestream} pagePath={page.path} chatProviderUrl={chatProviderUrl} />}
      {(page.kind === 'page' || page.kind === 'members' || page.kind === 'eligibility') &&
        (page.body || page.sidebar || page.benefitPromo) && (
          <div className={`container ${styles.columns}`} data-sidebar={page.sidebar ? true : undefined}>
            {page.sidebar && <PageSidebar sidebar={page.sidebar} />}
            <div className={styles.main}>
              {page.body && <RichText html={page.body} className={styles.body} />}
              {page.benefitPromo && (
                <aside className={styles.promo} aria-label="Related benefit">
                  <p className={styles.promoTitle}>{page.benefitPromo.title}</p>
                  {page.benefitPromo.description && <p>{page.benefitPromo.description}</p>}
                  <ButtonLink link={{ url: page.benefitPromo.url, title: page.benefitPromo.linkText }} />
                </aside>
              )}
            </div>
          </div>
        )}
      {choosing && <UnionChoice page={choosing} />}
      {page.eligibility && (
        <div className={`container ${styles.eligibility}`}>
          <EligibilityTables tables={page.eligibility} />
        </div>
      )}
      {page.benefits && (
        <>
          <BenefitCards title={titles.other} cards={page.benefits.other} />
          <BenefitCards title={titles.hardship} cards={page.benefits.hardship} />
        </>
      )}
      <BlockList blocks={page.blocks} pagePath={page.path} />
    </>
  );
}
