// Package portal holds the portal's domain types and the service interfaces that handlers depend
// on. Upstream packages (cms, orders, ...) reshape their raw replies into these types; nothing here
// knows where the data came from. JSON tags follow contracts/openapi.yaml.
package portal

import (
	"context"
	"strings"
	"time"
)

// Link is a link whose title is already chosen for its reader (TitleAnonymous for visitors).
type Link struct {
	URL    string `json:"url"`
	Title  string `json:"title"`
	Target string `json:"target,omitempty"`
	// SignInRequired marks a link a visitor may not follow yet (spec 3 §4, [HARTFORD_PARAMS]):
	// the frontend renders it inert and offers sign-up instead, remembering URL for afterwards.
	SignInRequired bool `json:"signInRequired,omitempty"`
	// Type is the CMS link's type where the page treats it otherwise than as a link: EmbedLinkType
	// is a form drawn in a frame (spec 3 §4), set only for a form host the site allows.
	Type string `json:"type,omitempty"`
}

// EmbedLinkType is the CMS link type of an embedded form (spec 3 §4 'Link field'): the page frames
// the link's address instead of linking to it.
const EmbedLinkType = "wufoo"

// CMSLink is a link as the CMS stores it, before a reader is known.
type CMSLink struct {
	URL            string
	Title          string
	TitleAnonymous string
	Target         string
	Type           string // the CMS's link type, e.g. EmbedLinkType
}

// For picks the title a reader sees: visitors get TitleAnonymous where the CMS gives one.
func (l CMSLink) For(a Audience) Link {
	title := l.Title
	if a == Anonymous && l.TitleAnonymous != "" {
		title = l.TitleAnonymous
	}
	return Link{URL: l.URL, Title: title, Target: l.Target}
}

// Image is a stored image with absolute URLs, one per image style.
type Image struct {
	URL    string            `json:"url"`
	Alt    string            `json:"alt"`
	Width  int               `json:"width,omitempty"`
	Height int               `json:"height,omitempty"`
	Styles map[string]string `json:"styles,omitempty"`
}

// Video is a hero's background video and how it is shown.
type Video struct {
	URL           string `json:"url"`
	Takeover      bool   `json:"takeover"`
	Loop          bool   `json:"loop"`
	FixedHeight   bool   `json:"fixedHeight"`
	HeadlineBelow bool   `json:"headlineBelow"`
	HasAudio      bool   `json:"hasAudio"`
}

// VideoPlayer is a benefit or landing page's video (spec 3 §3 videoPlayer): a YouTube video that
// plays in an overlay when the reader asks for it.
type VideoPlayer struct {
	YouTubeID string `json:"youTubeId"`
	Title     string `json:"title"`
	HasAudio  bool   `json:"hasAudio"`
}

// Campaign is a Viral Sweep campaign a benefit page promotes (spec 1 §4 "viral sweep lightboxes"):
// its lightbox, opened over the page, and its optional inline widget. Both are the vendor's embed
// code, unsanitised: render them only inside sandboxed frames, never into the page itself.
type Campaign struct {
	ID           string `json:"id"` // the campaign node's nid
	Title        string `json:"title"`
	LightboxHTML string `json:"lightboxHtml"`
	WidgetHTML   string `json:"widgetHtml,omitempty"`
}

// CMSCallout is the home hero's featured callout as the CMS holds it (spec 1 §2: eyebrow,
// headline, description, link); its link is shaped for the reader like any CMS link.
type CMSCallout struct {
	Eyebrow     string
	Headline    string
	Description string
	Link        *CMSLink
}

// Audience is who reads a page; it changes link titles and which items show, so it is part of
// every cache key for reader-shaped documents.
type Audience string

// The audiences.
const (
	Anonymous Audience = "anonymous"
	Member    Audience = "member"
)

// Union is a union term: the unit of personalisation.
type Union struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Title      string `json:"title"`
	ShortName  string `json:"shortName,omitempty"`
	Weight     int    `json:"weight"`
	HideForm   bool   `json:"hideForm"`
	NetsuiteID string `json:"netsuiteId,omitempty"`
	AgiaID     string `json:"agiaId,omitempty"`
	Logo       *Image `json:"logo,omitempty"`
	// LogoLink is where the union's logo leads (its own site), when the editors set one.
	LogoLink *CMSLink `json:"logoLink,omitempty"`
	// Description is a few words about the union (sanitised HTML), FeaturedPost the blog post
	// its editors feature and Meta its page's head tags (spec 1 §3 'Union term').
	Description  HTML              `json:"description,omitzero"`
	FeaturedPost *NodeRef          `json:"featuredPost,omitempty"`
	Meta         map[string]string `json:"meta,omitempty"`
	// CreditCard is the union's own edition of the union credit card, when it has one.
	CreditCard *CreditCard `json:"creditCard,omitempty"`
}

// CreditCard is a union's credit card: the card's picture and where to apply (spec 3 §3, the
// union term's creditCardImage and creditCardLink).
type CreditCard struct {
	Image Image   `json:"image"`
	Link  CMSLink `json:"link"`
}

// Label is the union's display label: its name, then the short name in parentheses when present.
func (u Union) Label() string {
	if u.ShortName == "" {
		return u.Name
	}
	return u.Name + " (" + u.ShortName + ")"
}

// Unions is the list of union terms, in the CMS's order; Find is the one way to look a union up.
type Unions []Union

// Find returns the union a value names: its term id, its short name (hand-typed ?union= links)
// or its name (profiles store the name; older ones the id), the last two in any case. nil when
// the value names no union.
func (us Unions) Find(v string) *Union {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	for i, u := range us {
		if u.ID == v || (u.ShortName != "" && strings.EqualFold(u.ShortName, v)) || strings.EqualFold(u.Name, v) {
			return &us[i]
		}
	}
	return nil
}

// Ref is the union as documents name it, with its label; nil for no union.
func (u *Union) Ref() *UnionRef {
	if u == nil {
		return nil
	}
	return &UnionRef{ID: u.ID, Name: u.Name, ShortName: u.ShortName, Label: u.Label()}
}

// Term is a blog category or blog topic term.
type Term struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Title  string `json:"title"`
	Weight int    `json:"weight"`
}

// MenuLink is one link of a CMS menu, flat, as the CMS lists them.
type MenuLink struct {
	ID                   string
	Menu                 string // main, top-footer or footer
	Link                 CMSLink
	TabTitle             string // the shorter title of the link where it is a tab (spec 3 §3)
	Weight               int
	ParentID             string
	Depth                int
	IncludeInInteriorNav bool
	DisabledAnonymous    bool
	Unions               []string // union term ids; empty means every union
}

// Variable is a site variable (union_structure_global, ...): a bag of named values.
type Variable struct {
	Name   string
	Values map[string]any
}

// String returns a string value of the variable, or "" when absent or not a string.
func (v Variable) String(key string) string {
	s, _ := v.Values[key].(string)
	return s
}

// Object returns a value of the variable that is itself a set of values (custom_login_modal),
// empty when absent or not an object.
func (v Variable) Object(key string) Variable {
	m, _ := v.Values[key].(map[string]any)
	return Variable{Name: v.Name + "." + key, Values: m}
}

// Image returns an image value ({url, alt, width, height}), or nil when it has no url.
func (v Variable) Image(key string) *Image {
	o := v.Object(key)
	url := SafeLinkURL(o.String("url"))
	if url == "" {
		return nil
	}
	return &Image{URL: url, Alt: o.String("alt"), Width: o.int("width"), Height: o.int("height")}
}

// int reads a whole number; JSON numbers arrive as float64.
func (v Variable) int(key string) int {
	f, _ := v.Values[key].(float64)
	return int(f)
}

// Node is a content node reshaped from the CMS: the raw material of a page document. Fields a
// bundle does not have stay zero.
type Node struct {
	ID                string
	NID               string
	Bundle            string // home, page, benefit, category, landing, post
	Title             string
	Path              string
	Changed           time.Time
	DisabledAnonymous bool
	Unions            []string // union term ids the node is limited to; empty means every union
	HideSecondaryNav  bool
	HeroEyebrow       string
	HeroHeadline      string
	HeroDescription   string
	HeroSecondaryText string
	HeroLink          *CMSLink
	HeroLinks         []CMSLink // landing pages
	HeroImage         *Image
	HeroVideo         *Video
	HeroCallout       *CMSCallout // the home hero's featured callout
	HeroEmailPromo    *EmailPromo // the home hero's mailing-list sign-up
	VideoPlayer       *VideoPlayer
	OptionalCTA       *CMSLink   // a benefit or landing page's call to action below its hero
	Embed             string     // a benefit or landing page's vendor markup, unsanitised
	Campaigns         []Campaign // a benefit's viral sweep lightboxes
	HotelSearch       bool       // a benefit page that shows the hotel search box above its hero
	Meta              map[string]string
	Paragraphs        []Paragraph

	// Benefits.
	Hardship            bool
	HideInCategoryLists bool
	LogoTitle           string
	LogoLink            *CMSLink
	LogoImage           *Image
	SpanishPage         string // site path of the Spanish translation
	Category            *NodeRef
	// Modals is a benefit's own dressing of the login and signup modals (spec 1 §3 'Benefit'):
	// its custom_login_modal and custom_signup_modal, in union_structure_global's shape.
	Modals Variable

	// Landing pages.
	UseFormStyle bool

	// Livestreams: the event player's frame address and the comments' source (spec 3 §3
	// 'Livestream'); no comments panel without one.
	EventSource   string
	CommentSource string

	// Generic pages.
	Body                 HTML // sanitised HTML
	BenefitPromo         *NodeRef
	BenefitPromoLinkText string
	Sidebar              *NodeSidebar
}

// NodeRef names another node: enough to link to it.
type NodeRef struct {
	NID   string
	Title string
	Path  string
}

// NodeSidebar is a generic page's aside: a testimonial or a promotion callout.
type NodeSidebar struct {
	IsTestimonial  bool
	IsPromotion    bool
	Body           HTML // sanitised HTML
	Source         string
	SourceSubtitle string
}

// BenefitTeaser is a benefit as lists show it (category pages, the members page, the sitemap).
type BenefitTeaser struct {
	NID                 string
	Title               string
	Path                string
	Teaser              string
	Image               *Image
	Hardship            bool
	HideInCategoryLists bool
	DisabledAnonymous   bool
	Unions              []string
	Category            *NodeRef
	Changed             time.Time
}

// VisibleTo reports whether a reader may see a node limited to unions and perhaps to members:
// visitors never see members-only items, and a union list must hold the reader's union.
func VisibleTo(r Reader, disabledAnonymous bool, unions []string) bool {
	if disabledAnonymous && r.Audience == Anonymous {
		return false
	}
	return UnionPasses(r.Union, unions)
}

// UnionPasses reports whether a union may see something limited to unions (empty: every union).
func UnionPasses(union string, unions []string) bool {
	if len(unions) == 0 {
		return true
	}
	for _, u := range unions {
		if u == union {
			return true
		}
	}
	return false
}

// Paragraph is a content block as the CMS placed it, before the reader is known: when it shows,
// where (above the page's header or in its body) and its Block. Block is nil for a bundle no
// block reads: the page skips it rather than failing.
type Paragraph struct {
	ID                 string
	Bundle             string
	Active             bool
	Start, End         *time.Time
	DisplayAboveHeader bool
	Block              CMSBlock
}

// ActiveAt reports whether the paragraph shows at t: switched on and inside its window.
func (p Paragraph) ActiveAt(t time.Time) bool {
	return Window{Active: p.Active, Start: p.Start, End: p.End}.ActiveAt(t)
}

// Window is when an editor lets a paragraph or one of its items show: switched on, from Start
// (inclusive) to End (exclusive), either open. Items carry their own, so a block can keep
// running while one of its cards is retired.
type Window struct {
	Active     bool
	Start, End *time.Time
}

// ActiveAt reports whether the window is open at t. Callers pass the request's time, never
// time.Now, so one page is consistent and tests can pin the clock.
func (w Window) ActiveAt(t time.Time) bool {
	if !w.Active {
		return false
	}
	if w.Start != nil && t.Before(*w.Start) {
		return false
	}
	if w.End != nil && !t.Before(*w.End) {
		return false
	}
	return true
}

// Content is what the portal reads from the CMS. Implementations: cms.Client (the upstream) and
// cache.Content (the cache in front of it).
type Content interface {
	// NodeByPath returns the node at a CMS path such as "home/1072"; apperr.NotFound when none.
	NodeByPath(ctx context.Context, path string) (*Node, error)
	// Unions lists every union term, ordered by weight.
	Unions(ctx context.Context) (Unions, error)
	// Terms lists the terms of a blog bundle (blog_category, blog_topic), ordered by weight.
	Terms(ctx context.Context, bundle string) ([]Term, error)
	// Menus lists every link of every menu, flat.
	Menus(ctx context.Context) ([]MenuLink, error)
	// Variable returns a site variable by name.
	Variable(ctx context.Context, name string) (*Variable, error)
	// Benefits lists every benefit as a teaser.
	Benefits(ctx context.Context) ([]BenefitTeaser, error)
	// Eligibility lists the eligibility records, in the CMS's order.
	Eligibility(ctx context.Context) ([]EligibilityRecord, error)
	// CarMakes lists the car search's makes, ordered by name.
	CarMakes(ctx context.Context) ([]CarMake, error)
}
