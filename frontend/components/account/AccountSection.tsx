import { Suspense, type ReactNode } from 'react';
import { LoadingIndicator } from '@/components/common/LoadingIndicator';
import type { CaseList } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import { ArrowLink } from '@/components/common/SmartLink';
import styles from './AccountSection.module.css';

interface AccountSectionProps {
  /** The tab's heading; the hero holds the page's h1. */
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}

/** The id of the tab's heading, for a tab that moves the focus to it (paging a list). */
export const ACCOUNT_SECTION_TITLE_ID = 'account-section-title';

/** The body of one account tab, or of the favorites page: a heading, a line of text, the rest. */
export function AccountSection({ title, intro, children }: AccountSectionProps) {
  return (
    <section className={`container ${styles.section}`} aria-labelledby={ACCOUNT_SECTION_TITLE_ID}>
      <h2 id={ACCOUNT_SECTION_TITLE_ID} className={styles.title} tabIndex={-1}>
        {title}
      </h2>
      {intro && <div className={styles.intro}>{intro}</div>}
      {children}
    </section>
  );
}

/** An account tab whose body streams in from the BFF behind a spinner, under its heading. */
export function StreamedAccountSection({ children, ...section }: AccountSectionProps) {
  return (
    <AccountSection {...section}>
      <Suspense fallback={<LoadingIndicator />}>{children}</Suspense>
    </AccountSection>
  );
}

/**
 * A tab's intro that arrives with its document (the editors' words, sanitised HTML by the BFF),
 * or our own words when the editors wrote none; drawn where an AccountSection draws its intro.
 */
export function AccountIntro({ html, fallback }: { html?: string; fallback: string }) {
  return (
    <div className={styles.intro} data-account-intro="">
      {html ? <RichText html={html} /> : <p>{fallback}</p>}
    </div>
  );
}

/** My Forms' introduction to the grant forms: the editors' headline and words, and their page. */
export function FormsIntro({ intro }: { intro: NonNullable<CaseList['intro']> }) {
  return (
    <div className={styles.intro} data-forms-intro="">
      <h3 className={styles.introTitle}>{intro.headline}</h3>
      {intro.text && <RichText html={intro.text} />}
      {intro.landing && <ArrowLink link={{ url: intro.landing, title: 'See every grant form' }} className={styles.introLink} />}
    </div>
  );
}
