/** Spec 1 §9: the marketing parameters tracked with every page view. */
export const UTM_KEYS = ['utm_campaign', 'utm_content', 'utm_medium', 'utm_source'] as const;

export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;

/** Where the session's parameters are kept; sessionStorage ends with the tab, as a session does. */
export const UTM_STORAGE_KEY = 'utm';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** The utm parameters an address carries; empty values count as absent. */
export function utmFrom(params: Pick<URLSearchParams, 'get'>): Utm {
  const found: Utm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key);
    if (value) found[key] = value;
  }
  return found;
}

/** What the session has kept so far; anything unreadable counts as nothing kept. */
export function storedUtm(storage: Storage | undefined): Utm {
  try {
    const raw = storage?.getItem(UTM_STORAGE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const kept: Utm = {};
    for (const key of UTM_KEYS) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) kept[key] = value;
    }
    return kept;
  } catch {
    return {};
  }
}

/**
 * Adds the parameters of an address to those kept for the session (a newer value of a parameter
 * replaces the older one) and answers the merged set, which every later page view carries.
 */
export function keepUtm(storage: Storage | undefined, params: Pick<URLSearchParams, 'get'>): Utm {
  const merged = { ...storedUtm(storage), ...utmFrom(params) };
  try {
    storage?.setItem(UTM_STORAGE_KEY, JSON.stringify(merged));
  } catch {
    // Storage full or forbidden (private modes): the values still go with this page view.
  }
  return merged;
}
