// The layout rules of spec 3 §9 that depend on content, kept pure so tests can pin them.

/**
 * The column count of the blocks whose items sit side by side in a grid (columns promo, icons,
 * testimonial, featured and manual content): 2 columns when fewer than 3 items or exactly 4,
 * else 3. It holds at desktop widths; narrower screens have fewer (blockStyles.module.css .grid).
 */
export function promoColumns(items: number): 2 | 3 {
  return items < 3 || items === 4 ? 2 : 3;
}

/** Winners grid: 4 columns when more than 3 winners, else 3. */
export function winnersColumns(winners: number): 3 | 4 {
  return winners > 3 ? 4 : 3;
}

/** A run of a headline: highlighted or not. */
export interface Segment {
  text: string;
  highlight: boolean;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Splits text into runs with the wide promo's specialWords highlighted. Each entry is a word,
 * optionally with "|n" for its n-th occurrence only ("union|2" is the second "union"); without
 * a number every occurrence is highlighted. Words match whole and ignore case.
 */
export function highlightWords(text: string, specialWords: readonly string[] = []): Segment[] {
  const marked = new Array<boolean>(text.length).fill(false);
  for (const entry of specialWords) {
    const [rawWord = '', rawNth] = entry.split('|');
    const word = rawWord.trim();
    if (!word) continue;
    const nth = rawNth === undefined ? 0 : Number.parseInt(rawNth, 10);
    if (rawNth !== undefined && !(nth >= 1)) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'giu');
    let seen = 0;
    for (const match of text.matchAll(pattern)) {
      seen += 1;
      if (nth !== 0 && seen !== nth) continue;
      marked.fill(true, match.index, match.index + match[0].length);
      if (nth !== 0) break;
    }
  }
  const segments: Segment[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = segments.at(-1);
    if (last && last.highlight === marked[i]) last.text += text[i];
    else segments.push({ text: text[i] ?? '', highlight: marked[i] ?? false });
  }
  return segments;
}
