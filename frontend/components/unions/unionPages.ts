// The union pages (spec 1 §2): about one union each, so a visitor who has chosen none is asked to
// choose before going there, by the union picker or, without scripts, by the page itself. The
// picker's search is unionSearch.ts.

/** The pages whose content is one union's: /union-member-benefits and /union-member-eligibility. */
export const UNION_PAGES = ['/union-member-benefits', '/union-member-eligibility'] as const;
export type UnionPage = (typeof UNION_PAGES)[number];

/** The union page a path is, or undefined for any other. */
export function unionPageOf(pathname: string): UnionPage | undefined {
  const path = pathname.replace(/\/+$/, '');
  return UNION_PAGES.find((page) => page === path);
}

/**
 * A union page for a union: `?union=` makes the proxy keep the choice in the visitor's cookie, so
 * every page after it is that union's too.
 */
export function unionPageHref(page: UnionPage, union: string): string {
  return `${page}?union=${encodeURIComponent(union)}`;
}
