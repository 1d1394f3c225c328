package content

import (
	"context"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// PageDocument is everything the frontend needs to render one content page, shaped for one reader.
// A gated document (Gate set) carries no body: no hero text, blocks, body or lists.
type PageDocument struct {
	Kind   string         `json:"kind"` // home, page, benefit, category, landing, members or eligibility
	Path   string         `json:"path"`
	Title  string         `json:"title"`
	Hero   Hero           `json:"hero"`
	Blocks []portal.Block `json:"blocks"`
	// AboveHeader are the blocks an editor placed above the page's header (displayAboveHeader),
	// drawn before the hero; Blocks holds the rest.
	AboveHeader []portal.Block   `json:"aboveHeader"`
	Meta        portal.PageMeta  `json:"meta"`
	Union       *portal.UnionRef `json:"union,omitempty"`
	// UnionChosen says Union is one the reader chose (?union=, the union cookie, a member's own)
	// and not the site's fallback: only a chosen union is preselected in a sign-up form. On the
	// union pages a visitor who chose none is asked to choose (chooseUnion).
	UnionChosen bool `json:"unionChosen,omitempty"`
	// UnionBrand is the chosen union's own logo, words and featured post, on the members page.
	UnionBrand *UnionBrand `json:"unionBrand,omitempty"`
	Gate       *Gate       `json:"gate,omitempty"`

	SecondaryNav []MenuItem            `json:"secondaryNav,omitempty"`
	Body         portal.HTML           `json:"body,omitzero"`
	BenefitPromo *portal.BenefitPromo  `json:"benefitPromo,omitempty"`
	Sidebar      *Sidebar              `json:"sidebar,omitempty"`
	Benefits     *portal.BenefitGroups `json:"benefits,omitempty"`
	UseFormStyle bool                  `json:"useFormStyle,omitempty"`
	// VideoPlayer and OptionalCTA are a benefit or landing page's video and call to action, shown
	// below its hero (spec 3 §3).
	VideoPlayer *portal.VideoPlayer `json:"videoPlayer,omitempty"`
	OptionalCTA *portal.Link        `json:"optionalCta,omitempty"`
	// HotelSearch is a benefit page that shows the hotel search box above its hero (spec 3 §2).
	HotelSearch bool `json:"hotelSearch,omitempty"`
	// Embed is a benefit or landing page's vendor markup and Campaigns a benefit's Viral Sweep
	// campaigns; both unsanitised, for sandboxed frames only (frontend components/embed).
	Embed     string            `json:"embed,omitempty"`
	Campaigns []portal.Campaign `json:"campaigns,omitempty"`
	// Livestream is a livestream page's event and chat (spec 3 §2 'Livestream page').
	Livestream *portal.Livestream `json:"livestream,omitempty"`
	// CreditCard is the reader's union's card, on the credit-card benefit only.
	CreditCard *CreditCardOffer `json:"creditCard,omitempty"`
	// AuthModals is a benefit's own dressing of the login and signup modals, shown instead of the
	// site's (SiteChrome.AuthModals) while the page is open; absent when it has none.
	AuthModals *AuthModals `json:"authModals,omitempty"`
	// Eligibility is the eligibility page's tables.
	Eligibility *EligibilityDocument `json:"eligibility,omitempty"`
	// Preview marks an editor's preview of an unpublished draft (package preview); such a
	// document is never cached.
	Preview *Preview `json:"preview,omitempty"`
}

// Preview says which draft a preview document shows and until when its link is valid.
type Preview struct {
	Node     string    `json:"node"`
	Revision string    `json:"revision"`
	Expires  time.Time `json:"expires"`
}

// Gate says the reader may not see the page and what would let them.
type Gate struct {
	Reason string `json:"reason"` // login: members only
}

// Sidebar is a generic page's left column.
type Sidebar struct {
	Nav         []MenuItem   `json:"nav"`
	Testimonial *Testimonial `json:"testimonial,omitempty"`
	Promotion   portal.HTML  `json:"promotion,omitzero"` // sanitised HTML
	// The promotion's heading and the line under it (the CMS's source fields), and a link to the
	// benefit it promotes when that is the page's own benefit promo.
	PromotionTitle    string       `json:"promotionTitle,omitempty"`
	PromotionSubtitle string       `json:"promotionSubtitle,omitempty"`
	PromotionLink     *portal.Link `json:"promotionLink,omitempty"`
}

// Testimonial is a member's quote in a sidebar.
type Testimonial struct {
	HTML           portal.HTML `json:"html"`
	Source         string      `json:"source,omitempty"`
	SourceSubtitle string      `json:"sourceSubtitle,omitempty"`
}

// Redirect is the answer for a path that lives elsewhere for its reader.
type Redirect struct {
	Location  string
	Permanent bool
}

// PageResult is the answer for a site path: a document, or a redirect when the path lives
// elsewhere for the reader. Both are values: a cache stores either under the same key and tags.
type PageResult struct {
	Document *PageDocument
	Redirect *Redirect
	// Tags name what the answer was built from, for purging caches; never sent.
	Tags []string
}

// RedirectDocument is the page endpoint's answer for a path that lives elsewhere for the reader.
type RedirectDocument struct {
	Kind      string `json:"kind"` // always "redirect"
	Location  string `json:"location"`
	Permanent bool   `json:"permanent"`
}

// Kind says what the answer is without its body: "redirect", "gated" (a page the reader may not
// see, answered with its gate) or "page". The page endpoint sends it as its Page-Kind header, so
// the Next.js proxy learns it from a HEAD (frontend/lib/missingPage.ts) and the render alone
// fetches the document.
func (r PageResult) Kind() string {
	switch {
	case r.Redirect != nil:
		return "redirect"
	case r.Document != nil && r.Document.Gate != nil:
		return "gated"
	default:
		return "page"
	}
}

// Answer is what the page endpoint sends for the result: the redirect document, or the page's.
func (r PageResult) Answer() any {
	if r.Redirect != nil {
		return RedirectDocument{Kind: "redirect", Location: r.Redirect.Location, Permanent: r.Redirect.Permanent}
	}
	return r.Document
}

// Hero is the top of a page.
type Hero struct {
	Variant       string        `json:"variant"` // home, image, text or basic
	Eyebrow       string        `json:"eyebrow,omitempty"`
	Headline      string        `json:"headline"`
	Description   string        `json:"description,omitempty"`
	SecondaryText string        `json:"secondaryText,omitempty"`
	Link          *portal.Link  `json:"link,omitempty"`
	Links         []portal.Link `json:"links,omitempty"` // landing pages' hero links
	Image         *portal.Image `json:"image,omitempty"`
	Video         *portal.Video `json:"video,omitempty"`
	Sponsor       *Sponsor      `json:"sponsor,omitempty"`
	SpanishURL    string        `json:"spanishUrl,omitempty"`
	Callout       *Callout      `json:"callout,omitempty"` // the home hero's featured callout
	// EmailPromo is the home hero's mailing-list sign-up (spec 1 §2), hidden by the frontend for
	// readers already subscribed (Session.emailSubscribed).
	EmailPromo *portal.EmailPromo `json:"emailPromo,omitempty"`
}

// Callout is a short featured message beside the home hero's headline.
type Callout struct {
	Eyebrow     string       `json:"eyebrow,omitempty"`
	Headline    string       `json:"headline"`
	Description string       `json:"description,omitempty"`
	Link        *portal.Link `json:"link,omitempty"`
}

// Sponsor is the partner logo a benefit's hero shows.
type Sponsor struct {
	Title string        `json:"title"`
	Image *portal.Image `json:"image,omitempty"`
	Link  *portal.Link  `json:"link,omitempty"`
}

// PageRequest names a page and the reader it is shaped for.
type PageRequest struct {
	Path   string
	Reader portal.Reader
	// RedirectBenefit, from ?redirect_benefit=, sends the reader to the benefit at
	// benefits/{RedirectBenefit} instead of Path when that benefit exists.
	RedirectBenefit string
}

// UnionBrand is a union's own branding (spec 1 §3 'Union term'): its logo, linked to its
// logo link, and on the members page its description and featured post.
type UnionBrand struct {
	Label        string        `json:"label"`
	Logo         *portal.Image `json:"logo,omitempty"`
	LogoLink     *portal.Link  `json:"logoLink,omitempty"`
	Description  portal.HTML   `json:"description,omitzero"`
	FeaturedPost *portal.Link  `json:"featuredPost,omitempty"`
}

// SiteChrome is the header and footer shared by every page.
type SiteChrome struct {
	ProductName string `json:"productName"`
	// Union is the union the reader chose (?union=, the union cookie, a member's own), whose
	// logo the header shows beside the site's; absent for the site's fallback union.
	Union      *UnionBrand `json:"union,omitempty"`
	MainMenu   []MenuItem  `json:"mainMenu"`
	Footer     Footer      `json:"footer"`
	AuthModals AuthModals  `json:"authModals"`
	// Tags name what the chrome was built from, for purging caches; never sent.
	Tags []string `json:"-"`
}

// AuthModals is how the editors dress the login and signup modals (union_structure_global's
// custom_login_modal and custom_signup_modal, spec 3 §3); each is absent when they set nothing,
// and the modals then show only their form.
type AuthModals struct {
	Login  *LoginModalStyle  `json:"login,omitempty"`
	Signup *SignupModalStyle `json:"signup,omitempty"`
}

// LoginModalStyle is the login modal's own words and picture.
type LoginModalStyle struct {
	Headline   string        `json:"headline,omitempty"`
	SubHeading string        `json:"subHeading,omitempty"`
	Image      *portal.Image `json:"image,omitempty"` // 515x595, beside the form
}

// SignupModalStyle is the signup modal's headline, icon and the picture behind it.
type SignupModalStyle struct {
	Headline   string        `json:"headline,omitempty"`
	Icon       *portal.Image `json:"icon,omitempty"`       // 70x70
	Background *portal.Image `json:"background,omitempty"` // 1920x1080, behind the dialog
	Position   string        `json:"position"`             // left or center
}

// CreditCardOffer is the reader's union's credit card on the benefit the editors chose for it
// (union_structure_global's credit_card_benefit).
type CreditCardOffer struct {
	Union portal.UnionRef `json:"union"`
	Image portal.Image    `json:"image"`
	Link  portal.Link     `json:"link"`
}

// MenuItem is a menu link placed in its tree, with its title chosen for the reader.
type MenuItem struct {
	ID       string     `json:"id"`
	Title    string     `json:"title"`
	TabTitle string     `json:"tabTitle,omitempty"` // the shorter title a tab shows (section navigation)
	URL      string     `json:"url"`
	Weight   int        `json:"weight"`
	Active   bool       `json:"active,omitempty"` // the page being shown (sidebar navigation)
	Children []MenuItem `json:"children"`
}

// Footer is the site footer of spec 1 §2.
type Footer struct {
	TopLinks    []portal.Link `json:"topLinks"`
	Social      []SocialLink  `json:"social"`
	Groups      []LinkGroup   `json:"groups"`
	Copyright   string        `json:"copyright"`
	BottomLinks []portal.Link `json:"bottomLinks"`
	// Disclaimer is union_structure_global's disclaimer_text, the site's small print.
	Disclaimer portal.HTML `json:"disclaimer,omitzero"`
}

// SocialLink is one social network icon in the footer.
type SocialLink struct {
	Network string `json:"network"`
	URL     string `json:"url"`
}

// LinkGroup is a titled group of links (the footer's benefit groups).
type LinkGroup struct {
	Title string        `json:"title"`
	URL   string        `json:"url,omitempty"`
	Links []portal.Link `json:"links"`
}

// Pages assembles page-shaped documents. Implementation: Service; cache.Pages keeps its
// documents encoded in front of it (EncodedPages).
type Pages interface {
	// Reader resolves who a request is for: the union the reader asked for when it exists,
	// else the site's fallback union.
	Reader(ctx context.Context, a portal.Audience, union string) (portal.Reader, error)
	// Page returns the page document for a site path, or a redirect when the path lives
	// elsewhere for this reader; apperr.NotFound when there is none.
	Page(ctx context.Context, req PageRequest) (PageResult, error)
	// Site returns the header and footer for a reader.
	Site(ctx context.Context, r portal.Reader) (*SiteChrome, error)
	// Sitemap lists the pages any visitor may see.
	Sitemap(ctx context.Context) ([]SitemapEntry, error)
	// Eligibility returns the eligibility tables titled for a reader's union.
	Eligibility(ctx context.Context, r portal.Reader) (EligibilityResult, error)
}

// SitemapEntry is one page of the sitemap.
type SitemapEntry struct {
	Path         string    `json:"path"`
	LastModified time.Time `json:"lastModified,omitzero"`
}

// EligibilityDocument is the two tables, titled for a union (contracts: EligibilityDocument).
type EligibilityDocument struct {
	Title         string           `json:"title"`
	Union         *portal.UnionRef `json:"union,omitempty"`
	US            EligibilityTable `json:"us"`
	International EligibilityTable `json:"international"`
}

// EligibilityResult is the tables and the tags of what they were built from, for the cache.
type EligibilityResult struct {
	Document EligibilityDocument
	Tags     []string
}

// EligibilityTable is one table: its disclaimers, its columns and its rows.
type EligibilityTable struct {
	Header  portal.HTML         `json:"header,omitzero"`
	Footer  portal.HTML         `json:"footer,omitzero"`
	Columns []EligibilityColumn `json:"columns"`
	Rows    []EligibilityRow    `json:"rows"`
}

// EligibilityColumn is a column: its key in a row's cells and its heading.
type EligibilityColumn struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// EligibilityRow is a program's row.
type EligibilityRow struct {
	Title   string            `json:"title"`
	Program string            `json:"program"`
	Benefit *EligibilityLink  `json:"benefit,omitempty"`
	Cells   map[string]string `json:"cells"`
}

// EligibilityLink is the benefit page a row names.
type EligibilityLink struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}
