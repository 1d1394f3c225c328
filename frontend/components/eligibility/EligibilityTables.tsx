import Link from 'next/link';
import type { EligibilityDocument, EligibilityTable as Table } from '@/lib/bff/types';
import { RichText } from '@/components/common/RichText';
import styles from './EligibilityTables.module.css';

/** The two tables' headings, in the spec's order (spec 2 §2 'Eligibility pages'). */
const TABLES = [
  { key: 'us', title: 'Programs in the United States', caption: 'Who is eligible, by relationship to the union member' },
  { key: 'international', title: 'Programs outside the United States', caption: 'Where each program is available' },
] as const;

/**
 * The eligibility tables, as the BFF shaped them: each with its header and footer disclaimers, a
 * row per program (its benefit page linked when it has one) and a column per relationship or
 * place. A wide table scrolls inside its own region, which keyboard users can focus, so the page
 * never scrolls sideways on a phone.
 */
export function EligibilityTables({ tables, headingLevel = 2 }: { tables: EligibilityDocument; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.tables} data-testid="eligibility-tables">
      {TABLES.map(({ key, title, caption }) => (
        <section key={key} className={styles.section} aria-labelledby={`eligibility-${key}`}>
          <Heading id={`eligibility-${key}`} className={styles.title}>
            {title}
          </Heading>
          {tables[key].header && <RichText html={tables[key].header} className={styles.note} />}
          <EligibilityTable table={tables[key]} caption={caption} captionId={`eligibility-${key}-caption`} />
          {tables[key].footer && <RichText html={tables[key].footer} className={styles.note} />}
        </section>
      ))}
    </div>
  );
}

function EligibilityTable({ table, caption, captionId }: { table: Table; caption: string; captionId: string }) {
  if (table.rows.length === 0) {
    return <p className={styles.empty}>No programs are listed here yet.</p>;
  }
  return (
    // The caption shows as a line above the box (it does not scroll away on a phone); the table's
    // own caption, hidden, names it for screen readers, so the line is hidden from them.
    <div className={styles.frame}>
      <p className={styles.captionLine} aria-hidden="true">
        {caption}
      </p>
      {/* A focusable region: the table may be wider than a phone, and then scrolls here. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is focusable, or a keyboard cannot scroll it (axe: scrollable-region-focusable) */}
      <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">Program</th>
              {table.columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={`${row.title}|${row.program}`}>
                <th scope="row">
                  {row.benefit ? (
                    <Link href={row.benefit.url} className={styles.program}>
                      {row.title}
                    </Link>
                  ) : (
                    <span className={styles.program}>{row.title}</span>
                  )}
                  {row.program && row.program !== row.title && <span className={styles.detail}>{row.program}</span>}
                </th>
                {table.columns.map((c) => {
                  const value = row.cells[c.key] ?? '';
                  return (
                    <td key={c.key} data-value={cellKind(value)}>
                      {value || <span aria-label="Not listed">–</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Yes and No get their own look; anything else (a condition) reads as written. */
function cellKind(value: string): 'yes' | 'no' | 'other' {
  const v = value.trim().toLowerCase();
  if (v === 'yes') return 'yes';
  if (v === 'no' || v === '') return 'no';
  return 'other';
}
