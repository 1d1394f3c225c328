package portal

import "strings"

// The parts of a document that more than one feature sends (content's pages, the blog's posts,
// the account's and the store's documents). The page documents themselves are content's.

// UnionRef is the union a document was personalised for.
type UnionRef struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	ShortName string `json:"shortName,omitempty"`
	Label     string `json:"label"`
}

// BenefitGroups splits benefits into hardship help and the rest, as category and members pages
// show them.
type BenefitGroups struct {
	Hardship []BenefitCard `json:"hardship"`
	Other    []BenefitCard `json:"other"`
}

// BenefitCard is a benefit in a list.
type BenefitCard struct {
	ID     string `json:"id,omitempty"` // the favorite id, benefit:{nid}
	Title  string `json:"title"`
	URL    string `json:"url"`
	Teaser string `json:"teaser,omitempty"`
	Image  *Image `json:"image,omitempty"`
	// Category is the title of the benefit's category page (Home & Auto, Hardship Help, ...), so
	// a long list can be grouped and filtered by it; empty when the benefit has none.
	Category string `json:"category,omitempty"`
}

// EmailPromo is the words above a mailing-list sign-up form.
type EmailPromo struct {
	Eyebrow     string `json:"eyebrow,omitempty"`
	Headline    string `json:"headline"`
	Description string `json:"description,omitempty"`
	Image       *Image `json:"image,omitempty"`
}

// PageMeta is what goes into the page's <head>: the CMS's metatags (spec 1 §3 'Page metadata'),
// their hosts already the site's (cms metatags), and the page's own fallbacks.
type PageMeta struct {
	Title        string `json:"title"`
	Description  string `json:"description,omitempty"`
	CanonicalURL string `json:"canonicalUrl,omitempty"`
	Image        string `json:"image,omitempty"`
	Robots       string `json:"robots,omitempty"`
	Abstract     string `json:"abstract,omitempty"`
	Keywords     string `json:"keywords,omitempty"`
	NewsKeywords string `json:"newsKeywords,omitempty"`
	// OpenGraph is the og_* tags but og_image (Image), each under its property's name without the
	// prefix: "title", "type", "url", "site_name", ...
	OpenGraph map[string]string `json:"openGraph,omitempty"`
}

// MetaFromTags reads a CMS metatag map into the head's fields; empty tags are left out.
func MetaFromTags(tags map[string]string) PageMeta {
	m := PageMeta{
		Title: tags["title"], Description: tags["description"], CanonicalURL: tags["canonical_url"],
		Image: tags["og_image"], Robots: tags["robots"], Abstract: tags["abstract"],
		Keywords: tags["keywords"], NewsKeywords: tags["news_keywords"],
	}
	for k, v := range tags {
		if name, ok := strings.CutPrefix(k, "og_"); ok && name != "image" && v != "" {
			if m.OpenGraph == nil {
				m.OpenGraph = map[string]string{}
			}
			m.OpenGraph[name] = v
		}
	}
	return m
}

// Overlay gives m every tag o sets, but its title: a union's own tags on its union page.
func (m *PageMeta) Overlay(o PageMeta) {
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&m.Description, o.Description)
	set(&m.CanonicalURL, o.CanonicalURL)
	set(&m.Image, o.Image)
	set(&m.Robots, o.Robots)
	set(&m.Abstract, o.Abstract)
	set(&m.Keywords, o.Keywords)
	set(&m.NewsKeywords, o.NewsKeywords)
	for k, v := range o.OpenGraph {
		if m.OpenGraph == nil {
			m.OpenGraph = map[string]string{}
		}
		m.OpenGraph[k] = v
	}
}

// Block is one typed content block of a page document. Each implementation's JSON carries a
// "type" field naming it (see contracts/openapi.yaml, Block).
type Block interface {
	BlockType() string
}

// Reader is who a document is shaped for. Every field is part of a shaped document's cache key,
// and there are few values of each, so the keys stay bounded whatever a client sends.
type Reader struct {
	Audience Audience
	Union    string // the effective union term id: chosen, or the site's fallback
	Chosen   bool   // the reader chose the union (query or cookie); false means the fallback
}

// ChosenUnion is the union the reader chose, when the BFF knows it; empty for the site's fallback.
func (r Reader) ChosenUnion() string {
	if r.Chosen {
		return r.Union
	}
	return ""
}

// Key is the reader's part of a cache key.
func (r Reader) Key() string {
	chosen := "fallback"
	if r.Chosen {
		chosen = "chosen"
	}
	return string(r.Audience) + "|" + r.Union + "|" + chosen
}

// BenefitPromo is the benefit callout of a post, shown only when complete.
type BenefitPromo struct {
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	URL         string `json:"url"`
	LinkText    string `json:"linkText"`
}
