import type { ReactNode } from 'react';
import type { CaseSummary } from '@/lib/bff/types';
import { formatDisplayDate } from '@/lib/dates';
import { grantMessage } from '@/lib/grants';
import { SmartLink } from '@/components/common/SmartLink';
import styles from './Grants.module.css';

interface CaseStatusBlockProps {
  item: CaseSummary;
  /**
   * The case's file upload area (spec 2 §2 'Case status block', §4 'Case file lifecycle'): the
   * uploads issue renders it here, under the status.
   */
  uploads?: ReactNode;
}

/**
 * One case under My Forms (spec 2 §2): its title, when it was submitted, 'About this program', the
 * status line while there is no confirmation number ('Sending' or 'Unknown', worded by the BFF),
 * and the confirmation number once there is one.
 */
export function CaseStatusBlock({ item, uploads }: CaseStatusBlockProps) {
  const titleId = `case-${item.id}`;
  return (
    <article className={styles.case} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.caseTitle}>
        {item.title}
      </h3>
      <dl className={styles.caseFacts}>
        <div>
          <dt>Submitted</dt>
          <dd>{formatDisplayDate(item.submitted)}</dd>
        </div>
        {item.statusLine && (
          <div>
            <dt>Status</dt>
            <dd data-testid="case-status">{item.statusLine}</dd>
          </div>
        )}
        {item.nsId && (
          <div>
            <dt>Confirmation number</dt>
            <dd>{item.nsId}</dd>
          </div>
        )}
      </dl>
      {item.programPage && (
        <SmartLink link={{ url: item.programPage, title: grantMessage('aboutProgram') }} className={styles.caseLink} />
      )}
      <div className={styles.caseUploads} data-slot="case-uploads">
        {uploads}
      </div>
    </article>
  );
}

/** My Forms' list: newest first, or the empty state's words. */
export function CaseList({ cases, renderUploads }: { cases: CaseSummary[]; renderUploads?: (item: CaseSummary) => ReactNode }) {
  if (cases.length === 0) return null;
  const newestFirst = [...cases].sort((a, b) => b.submitted.localeCompare(a.submitted));
  return (
    <ul className={styles.cases}>
      {newestFirst.map((item) => (
        <li key={item.id}>
          <CaseStatusBlock item={item} uploads={renderUploads?.(item)} />
        </li>
      ))}
    </ul>
  );
}
