import { MailingForm } from './MailingForm';
import type { MailingSource } from './mailingForm';
import styles from './HeroSignup.module.css';

interface HeroSignupProps {
  source: MailingSource;
  withFirstName?: boolean;
  defaultUnion?: string;
  headline: string;
  text?: string;
}

/**
 * The hero-form style's sign-up card (spec 3 §3 useFormStyle; the Plus More pages): the page's
 * purpose, so it shows to everyone, subscribed or not.
 */
export function HeroSignup({ source, withFirstName, defaultUnion, headline, text }: HeroSignupProps) {
  return (
    <section className={styles.card} aria-labelledby={`${source}-signup`} data-mailing-form={source}>
      <h2 id={`${source}-signup`} className={styles.headline}>
        {headline}
      </h2>
      {text && <p className={styles.text}>{text}</p>}
      <MailingForm source={source} withFirstName={withFirstName} defaultUnion={defaultUnion} layout="stack" />
    </section>
  );
}
