// Short names for the contract's types (generated from contracts/openapi.yaml into schema.d.ts),
// so components never reach into schema.d.ts and a renamed schema breaks in one place.
import type { components } from './schema';

type Schemas = components['schemas'];

// Content pages and the site chrome.
export type PageDocument = Schemas['PageDocument'];
export type PageResult = Schemas['PageResult'];
export type PageRedirect = Schemas['PageRedirect'];
export type UnionRef = Schemas['UnionRef'];
export type UnionBrand = Schemas['UnionBrand'];
export type Sponsor = Schemas['Sponsor'];
export type Sidebar = Schemas['Sidebar'];
export type BenefitGroups = Schemas['BenefitGroups'];
export type BenefitCard = Schemas['BenefitCard'];
export type PageBenefitPromo = Schemas['PageBenefitPromo'];
export type Sitemap = Schemas['Sitemap'];
export type Video = Schemas['Video'];
export type Callout = Schemas['Callout'];
export type EmailPromo = Schemas['EmailPromo'];
export type VideoPlayer = Schemas['VideoPlayer'];
export type HotelLocation = Schemas['HotelLocation'];
export type HotelLocationList = Schemas['HotelLocationList'];
export type Hero = Schemas['Hero'];
export type PageMeta = Schemas['PageMeta'];
export type Link = Schemas['Link'];
export type Image = Schemas['Image'];
export type SiteChrome = Schemas['SiteChrome'];
export type Footer = SiteChrome['footer'];
export type AuthModals = Schemas['AuthModals'];
export type LoginModalStyle = NonNullable<AuthModals['login']>;
export type SignupModalStyle = NonNullable<AuthModals['signup']>;
export type CreditCardOffer = NonNullable<PageDocument['creditCard']>;
export type MenuItem = Schemas['MenuItem'];
export type SocialLink = Schemas['SocialLink'];
export type SocialNetwork = SocialLink['network'];
export type LinkGroup = Schemas['LinkGroup'];

// Blocks of a page body.
export type Block = Schemas['Block'];
/**
 * The block of one `type`, straight from the contract: a new block's component takes
 * `BlockOf<'its_type'>`, so adding a block needs no alias here.
 */
export type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;
export type TextBlock = Schemas['TextBlock'];
export type FiftyFiftyBlock = Schemas['FiftyFiftyBlock'];
export type WidePromoBlock = Schemas['WidePromoBlock'];
export type StatCounterBlock = Schemas['StatCounterBlock'];
export type IconsBlock = Schemas['IconsBlock'];
export type IconItem = IconsBlock['items'][number];
export type SeventyThirtyBlock = Schemas['SeventyThirtyBlock'];
export type BenefitPromoBlock = Schemas['BenefitPromoBlock'];
export type GridSimpleBlock = Schemas['GridSimpleBlock'];
export type GridScrollBlock = Schemas['GridScrollBlock'];
export type GridItem = Schemas['GridItem'];
export type GridPromo = Schemas['GridPromo'];
export type SweepstakesBlock = Schemas['SweepstakesBlock'];
export type TestimonialBlock = Schemas['TestimonialBlock'];
export type TableBlock = Schemas['TableBlock'];
export type SponsorGridBlock = Schemas['SponsorGridBlock'];
export type SponsorSliderBlock = Schemas['SponsorSliderBlock'];
export type SponsorItem = Schemas['SponsorItem'];
export type WinnersGridBlock = Schemas['WinnersGridBlock'];
export type PartnersBlock = Schemas['PartnersBlock'];
export type CategorySliderBlock = Schemas['CategorySliderBlock'];
export type FeaturedContentBlock = Schemas['FeaturedContentBlock'];
export type ManualContentBlock = Schemas['ManualContentBlock'];
export type ContentCard = Schemas['ContentCard'];
export type ColumnsPromoBlock = Schemas['ColumnsPromoBlock'];
export type BenefitSliderBlock = Schemas['BenefitSliderBlock'];
export type ViralWidgetBlock = Schemas['ViralWidgetBlock'];
export type CarSearchBlock = Schemas['CarSearchBlock'];
export type Livestream = Schemas['Livestream'];
export type LivestreamAccess = Schemas['LivestreamAccess'];
export type LivestreamAccessRequest = Schemas['LivestreamAccessRequest'];
export type WebVitalsReport = Schemas['WebVitalsReport'];
export type WebVital = Schemas['WebVital'];
export type CarMake = Schemas['CarMake'];

// The blog and search.
export type BlogListDocument = Schemas['BlogListDocument'];
export type BlogPostDocument = Schemas['BlogPostDocument'];
export type BlogCategoryRef = Schemas['BlogCategoryRef'];
export type TopicRef = Schemas['TopicRef'];
export type ArchiveYear = Schemas['ArchiveYear'];
export type PostTeaser = Schemas['PostTeaser'];
export type PostDetail = Schemas['PostDetail'];
export type BenefitPromo = Schemas['BenefitPromo'];
export type SearchDocument = Schemas['SearchDocument'];
export type SearchResult = Schemas['SearchResult'];
export type SearchType = SearchDocument['type'];

/** The blog list's filters, as the URL and the BFF name them. */
export interface BlogFilters {
  date?: string;
  topic?: string;
}

// Sessions and the account area.
export type Session = Schemas['Session'];
export type Member = Schemas['Member'];
export type VisibleUnion = Schemas['VisibleUnion'];
export type AuthResult = Schemas['AuthResult'];
export type SignInRequest = Schemas['SignInRequest'];
export type RegisterRequest = Schemas['RegisterRequest'];
export type SubscribeRequest = Schemas['SubscribeRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type ChangeEmailRequest = Schemas['ChangeEmailRequest'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type EmailActionRequest = Schemas['EmailActionRequest'];
export type EmailActionResult = Schemas['EmailActionResult'];
export type Profile = Schemas['Profile'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
export type InterestsUpdate = Schemas['InterestsUpdate'];
export type HomeAddress = Schemas['HomeAddress'];
export type ProfileDocument = Schemas['ProfileDocument'];
export type ProfileTexts = NonNullable<ProfileDocument['texts']>;
export type Favorites = Schemas['Favorites'];
export type FavoriteItem = Schemas['FavoriteItem'];
export type Message = Schemas['Message'];

// Grant forms and cases (spec 2).
export type FormDocument = Schemas['FormDocument'];
export type GrantKind = NonNullable<FormDocument['kind']>;
export type ExternalForm = Schemas['ExternalForm'];
export type FormTexts = Schemas['FormTexts'];
export type FormUnion = Schemas['FormUnion'];
export type AlreadySubmitted = Schemas['AlreadySubmitted'];
export type CaseFields = Schemas['CaseFields'];
export type CaseSubmission = Schemas['CaseSubmission'];
export type CaseSubmitted = Schemas['CaseSubmitted'];
export type CaseSummary = Schemas['CaseSummary'];
export type CaseList = Schemas['CaseList'];
/** The job loss pre-check wizard's settings (spec 2 §2, §4); its rules are in lib/precheck.ts. */
export type JobLossPrecheck = Schemas['JobLossPrecheck'];

// A case's documents (spec 2 §4-5, contracts/uploads.json).
export type UploadedFile = Schemas['UploadedFile'];
export type FilesSubmission = Schemas['FilesSubmission'];
/** One file of a submission: where the BFF stored it. */
export type SubmittedFile = FilesSubmission['files'][number];
export type CaseFileList = Schemas['CaseFileList'];
export type CaseFileEntry = Schemas['CaseFileEntry'];
export type CaseFileState = CaseFileEntry['state'];

/** An RFC 9457 answer of the BFF that was not a success. */
export type Problem = Schemas['Problem'];

// Eligibility tables (spec 2 §2).
export type EligibilityDocument = Schemas['EligibilityDocument'];
export type EligibilityTable = Schemas['EligibilityTable'];
export type EligibilityRow = Schemas['EligibilityRow'];

// The free-materials store (spec 3): My Orders and the store index.
export type OrderHistory = Schemas['OrderHistory'];
export type OrderSummary = Schemas['OrderSummary'];
export type OrderLine = Schemas['OrderLine'];
export type StoreDocument = Schemas['StoreDocument'];
export type StoreProduct = Schemas['StoreProduct'];
export type StorePromo = Schemas['StorePromo'];
export type ShippingState = Schemas['ShippingState'];
export type StoreStateChosen = Schemas['StoreStateChosen'];

// The cart and checkout (spec 3 §2 'Cart modal', 'Checkout', §3, §4).
export type Cart = Schemas['Cart'];
export type CartItem = Schemas['CartItem'];
export type CartQuantity = Schemas['CartQuantity'];
export type Checkout = Schemas['Checkout'];
export type CheckoutInformation = Schemas['CheckoutInformation'];
export type CheckoutShipping = Schemas['CheckoutShipping'];
export type PlacedOrder = Schemas['PlacedOrder'];

// Partner sign-in (spec 1 §2 'Partner login', §4 'Partner connect').
export type PartnerDocument = Schemas['PartnerDocument'];
export type PartnerMember = NonNullable<PartnerDocument['member']>;
export type PartnerToken = Schemas['PartnerToken'];
export type ConnectedSite = Schemas['ConnectedSite'];
export type ConnectedSites = Schemas['ConnectedSites'];
