const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole number with thousand separators (spec 1 §9), e.g. 4500000 → "4,500,000". */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
