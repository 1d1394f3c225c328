/** The cookie that keeps a visitor's chosen union between visits. */
export const UNION_COOKIE = 'union';
/** A year, as visitors expect a choice like this to stick. */
export const UNION_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/** The request header the proxy hands the union to server components in. */
export const UNION_HEADER = 'x-portal-union';
/** Union ids and short names are short; anything longer is no union. */
export const MAX_UNION_LENGTH = 64;
