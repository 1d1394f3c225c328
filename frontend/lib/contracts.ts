// How the frontend reads the contracts' patterns (contracts/contracts.go says how they are
// written): each is compiled once, with the `u` flag, under which JavaScript counts characters as
// Go's RE2 counts runes, never UTF-16 halves. A pattern may start with (?i), which RE2 reads
// itself and JavaScript takes as the `i` flag; with `u`, both fold case the same way.

const CASE_INSENSITIVE = '(?i)';

/** One pattern of a contract, compiled as the BFF compiles it. */
export function compilePattern(pattern: string): RegExp {
  return pattern.startsWith(CASE_INSENSITIVE)
    ? new RegExp(pattern.slice(CASE_INSENSITIVE.length), 'iu')
    : new RegExp(pattern, 'u');
}

/** A contract's `patterns`, each compiled once. */
export function compilePatterns<K extends string>(patterns: Readonly<Record<K, string>>): Record<K, RegExp> {
  const compiled = {} as Record<K, RegExp>;
  for (const key of Object.keys(patterns) as K[]) compiled[key] = compilePattern(patterns[key]);
  return compiled;
}

/**
 * A whole-value pattern (^...$) as an HTML `pattern` attribute, which the browser anchors itself
 * and compiles with the `v` flag; the contracts' patterns are written to compile under it too.
 */
export function inputPattern(pattern: string): string {
  if (!pattern.startsWith('^') || !pattern.endsWith('$')) throw new Error(`not a whole-value pattern: ${pattern}`);
  return pattern.slice(1, -1);
}

/** A text's length in UTF-8 bytes, as Go's len counts it for the limits the BFF checks in bytes. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
