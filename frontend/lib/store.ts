// The free-materials store (spec 3), from contracts/store.json: the BFF embeds the same file for
// its page size and the words of its answers, so the page and the BFF never say it two ways.
import contract from '../../contracts/store.json';

export type StoreMessageKey = keyof typeof contract.messages;

/** ordersPerPage (spec 3 §9: 5) and maxPage. */
export const storeLimits = contract.limits;

/** A message of the contract with its {placeholders} filled. */
export function storeMessage(key: StoreMessageKey, values: Record<string, string | number> = {}): string {
  return contract.messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}
