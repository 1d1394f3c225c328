// Short names for the generated contract types, so components never reach into schema.d.ts.
import type { components } from './schema';

type Schemas = components['schemas'];

export type PageDocument = Schemas['PageDocument'];
export type Hero = Schemas['Hero'];
export type PageMeta = Schemas['PageMeta'];
export type Block = Schemas['Block'];
export type TextBlock = Schemas['TextBlock'];
export type FiftyFiftyBlock = Schemas['FiftyFiftyBlock'];
export type WidePromoBlock = Schemas['WidePromoBlock'];
export type StatCounterBlock = Schemas['StatCounterBlock'];
export type IconsBlock = Schemas['IconsBlock'];
export type IconItem = IconsBlock['items'][number];
export type PendingBlock = Schemas['PendingBlock'];
export type Link = Schemas['Link'];
export type Image = Schemas['Image'];
export type SiteChrome = Schemas['SiteChrome'];
export type Footer = SiteChrome['footer'];
export type MenuItem = Schemas['MenuItem'];
export type SocialLink = Schemas['SocialLink'];
export type SocialNetwork = SocialLink['network'];
export type LinkGroup = Schemas['LinkGroup'];
export type Problem = Schemas['Problem'];
