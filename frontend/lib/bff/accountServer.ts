// The account area's server-side reads: the member's own documents, fetched with their session
// cookie and never cached (they are personal). The uid comes from the cookie, never the URL.
import type { BenefitGroups, Favorites, ProfileDocument } from './account';
import { getJson } from './client';
import { sessionHeaders } from './session';

async function personal<T>(path: string): Promise<T> {
  return getJson<T>(path, { cache: 'no-store', headers: await sessionHeaders() });
}

/** My Benefits: the benefits of the member's union, hardship help apart. */
export const getMyBenefits = () => personal<BenefitGroups>('/api/v1/account/benefits');

/** The member's profile and whether their email is verified. */
export const getProfile = () => personal<ProfileDocument>('/api/v1/profile');

/** The member's favorites, each resolved to a card. */
export const getFavorites = () => personal<Favorites>('/api/v1/favorites');
