import type { Hero } from '@/lib/bff/types';
import { PageHero } from '@/components/heroes/PageHero';
import { HeroSignup } from '@/components/mailing/HeroSignup';
import type { MailingSource } from '@/components/mailing/mailingForm';
import styles from './PlusMorePage.module.css';

/** What the list brings, under the hero of both Plus More pages. */
const REASONS = [
  { title: 'New discounts first', text: 'Hear about new member savings on wireless, travel, insurance and more as they launch.' },
  { title: 'Money tips that work', text: 'Practical advice on budgets, credit and big purchases, written for working families.' },
  { title: 'Help when it counts', text: 'Hardship grant openings and deadlines, so you never miss support you qualify for.' },
];

type PlusMoreSource = Extract<MailingSource, 'plusmore' | 'plusmore-email'>;

/** The hero's words on each of the two pages. */
const HEROES: Record<PlusMoreSource, { headline: string; description: string }> = {
  plusmore: {
    headline: 'Get more from your union membership',
    description: 'Join the list for member-only deals, money tips and hardship help news, made for union families.',
  },
  'plusmore-email': {
    headline: 'Member news in your inbox',
    description: 'The newest discounts and the help your union family can count on, about once a month.',
  },
};

interface PlusMorePageProps {
  source: PlusMoreSource;
  /** The configured brand; the eyebrow is plain 'Plus More' without it. */
  productName?: string;
  defaultUnion?: string;
}

/**
 * The Plus More sign-up pages (spec 1 §1 plusmore, plusmore-email; spec 3 §2): a landing in the
 * hero-form style whose form also asks for a first name.
 */
export function PlusMorePage({ source, productName, defaultUnion }: PlusMorePageProps) {
  const hero: Hero = { variant: 'text', eyebrow: productName ? `${productName} Plus More` : 'Plus More', ...HEROES[source] };
  return (
    <>
      <PageHero
        hero={hero}
        aside={
          <HeroSignup
            source={source}
            withFirstName
            defaultUnion={defaultUnion}
            headline="Sign up free"
            text="About one email a month. Unsubscribe at any time."
          />
        }
      />
      <section className={`container ${styles.reasons}`} aria-labelledby="plusmore-reasons">
        <h2 id="plusmore-reasons" className={styles.title}>
          What you will get
        </h2>
        <ul className={styles.list}>
          {REASONS.map((reason) => (
            <li key={reason.title} className={styles.reason}>
              <h3 className={styles.reasonTitle}>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
