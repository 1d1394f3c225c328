'use client';

import Link from 'next/link';
import { accountHref } from '@/lib/accountRoutes';
import { formatDisplayDate } from '@/lib/dates';
import { grantMessage } from '@/lib/grants';
import buttons from '@/components/common/ButtonLink.module.css';
import styles from './Grants.module.css';

interface AlreadySubmittedNoticeProps {
  /** When the earlier case was submitted (date-time). */
  submitted: string;
  uid: string;
  /** Shows the form after all. */
  onSubmitAnother: () => void;
}

/**
 * The member sent this form within the past year (spec 2 §2): say when, and offer to submit
 * another or to see the forms already sent.
 */
export function AlreadySubmittedNotice({ submitted, uid, onSubmitAnother }: AlreadySubmittedNoticeProps) {
  return (
    <section className={styles.notice} aria-labelledby="already-submitted">
      <h2 id="already-submitted" className={styles.noticeTitle}>
        {grantMessage('alreadySubmitted', { date: formatDisplayDate(submitted) })}
      </h2>
      <div className={styles.noticeActions}>
        <button type="button" className={`${buttons.button} ${buttons.primary}`} onClick={onSubmitAnother}>
          {grantMessage('submitAnother')}
        </button>
        <Link href={accountHref(uid, 'forms')} className={`${buttons.button} ${buttons.secondary}`}>
          {grantMessage('viewSubmitted')}
        </Link>
      </div>
    </section>
  );
}
