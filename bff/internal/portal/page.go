package portal

import "context"

// PageDocument is everything the frontend needs to render one content page, shaped for one reader.
type PageDocument struct {
	Kind   string   `json:"kind"`
	Path   string   `json:"path"`
	Title  string   `json:"title"`
	Hero   Hero     `json:"hero"`
	Blocks []Block  `json:"blocks"`
	Meta   PageMeta `json:"meta"`
	// Tags name what the document was built from, for purging caches; never sent.
	Tags []string `json:"-"`
}

// Hero is the top of a page.
type Hero struct {
	Variant     string `json:"variant"` // home, image, text or basic
	Eyebrow     string `json:"eyebrow,omitempty"`
	Headline    string `json:"headline"`
	Description string `json:"description,omitempty"`
	Link        *Link  `json:"link,omitempty"`
	Image       *Image `json:"image,omitempty"`
	Video       *Video `json:"video,omitempty"`
}

// PageMeta is what goes into the page's <head>.
type PageMeta struct {
	Title        string `json:"title"`
	Description  string `json:"description,omitempty"`
	CanonicalURL string `json:"canonicalUrl,omitempty"`
	Image        string `json:"image,omitempty"`
	Robots       string `json:"robots,omitempty"`
}

// Block is one typed content block of a page document. Each implementation's JSON carries a
// "type" field naming it (see contracts/openapi.yaml, Block).
type Block interface {
	BlockType() string
}

// PageRequest names a page and the reader it is shaped for. Every field is part of the page
// document's cache key.
type PageRequest struct {
	Path     string
	Audience Audience
}

// SiteChrome is the header and footer shared by every page.
type SiteChrome struct {
	ProductName string     `json:"productName"`
	MainMenu    []MenuItem `json:"mainMenu"`
	Footer      Footer     `json:"footer"`
	// Tags name what the chrome was built from, for purging caches; never sent.
	Tags []string `json:"-"`
}

// MenuItem is a menu link placed in its tree, with its title chosen for the reader.
type MenuItem struct {
	ID       string     `json:"id"`
	Title    string     `json:"title"`
	URL      string     `json:"url"`
	Weight   int        `json:"weight"`
	Children []MenuItem `json:"children"`
}

// Footer is the site footer of spec 1 §2.
type Footer struct {
	TopLinks    []Link       `json:"topLinks"`
	Social      []SocialLink `json:"social"`
	Groups      []LinkGroup  `json:"groups"`
	Copyright   string       `json:"copyright"`
	BottomLinks []Link       `json:"bottomLinks"`
}

// SocialLink is one social network icon in the footer.
type SocialLink struct {
	Network string `json:"network"`
	URL     string `json:"url"`
}

// LinkGroup is a titled group of links (the footer's benefit groups).
type LinkGroup struct {
	Title string `json:"title"`
	URL   string `json:"url,omitempty"`
	Links []Link `json:"links"`
}

// Pages assembles page-shaped documents. Implementations: page.Service, and cache.Pages in front.
type Pages interface {
	// Page returns the page document for a site path; apperr.NotFound when there is none.
	Page(ctx context.Context, req PageRequest) (*PageDocument, error)
	// Site returns the header and footer for a reader.
	Site(ctx context.Context, a Audience) (*SiteChrome, error)
}
