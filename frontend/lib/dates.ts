const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/**
 * A 'YYYY-MM-DD' date in the spec's display format 'MMMM DD, YYYY' (spec 1 §9), e.g. 2026-03-05 →
 * "March 05, 2026". Done by hand, not with Intl, so server and browser agree whatever their time
 * zone and locale; an unreadable value is shown as it came.
 */
export function formatDisplayDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return iso;
  return `${month} ${m[3]}, ${m[1]}`;
}
