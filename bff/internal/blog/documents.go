package blog

import (
	"context"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// The blog and search of spec 1 §2–§4: what the CMS gives (Content) and the page-shaped
// documents the frontend draws (Pages).

// AllCategories is the blog category id that lists every category: the blog's default list.
const AllCategories = "all-tips-updates"

// BlogPageSize is how many posts one page of a blog list holds (spec 1 §9).
const BlogPageSize = 10

// SearchPageSize is how many results one page of search holds (spec 1 §9).
const SearchPageSize = 20

// The search types of spec 1 §9, as the CMS's search and the BFF's API name them.
const (
	SearchAll      = "all"
	SearchBenefits = "benefits"
	SearchPosts    = "blogpost"
)

// Category is a blog_category term with the slug the blog's URLs use (money-tips).
type Category struct {
	TID    string
	Slug   string
	Name   string
	Title  string
	Weight int
}

// Post is a blog post reshaped from the CMS.
type Post struct {
	NID        string
	Title      string
	Category   Category // TID, Slug and Name only
	Topics     []portal.Term
	Author     string
	Created    time.Time
	Details    string        // the intro, plain text
	Body       portal.HTML   // sanitised portal.HTML
	Disclaimer portal.HTML   // sanitised portal.HTML
	Image      *portal.Image // the picture the post shows under its intro
	// FeatureImage is the picture that stands for the post elsewhere (spec 1 §3 'feature
	// image'): its cards and its og:image. Without one, Image does.
	FeatureImage *portal.Image
	// BenefitPromo and BenefitPromoLinkText are shown together or not at all (spec 1 §2); the
	// CMS may give either alone.
	BenefitPromo         *BenefitPromoRef
	BenefitPromoLinkText string
	Meta                 map[string]string
}

// BenefitPromoRef is the benefit a post promotes.
type BenefitPromoRef struct {
	NID         string
	Title       string
	Path        string
	Description string
}

// PostQuery selects one page of a post list. Every field is part of the cache key.
type PostQuery struct {
	Category Category // zero for every category
	Offset   int
	Limit    int
	Date     string // YYYY-MM, or "" for any month
	Topic    string // blog_topic tid, or "" for any topic
}

// PostList is one page of a post list and the number of posts the whole list holds.
type PostList struct {
	Total int
	Posts []Post
}

// ArchiveMonth is one month that has posts, for the blog's archive filter.
type ArchiveMonth struct {
	Year  int
	Month int
	Count int
}

// SearchQuery is one page of a search, as the CMS's search takes it ({page, keywords, type}).
type SearchQuery struct {
	Keywords string
	Type     string // SearchAll, SearchBenefits or SearchPosts
	Page     int    // from 0
}

// SearchHit is one search result as the CMS gives it (spec 1 §3, search result).
type SearchHit struct {
	Type            string // the node bundle: benefit, category, page, landing, post, ...
	NID             string
	Title           string
	Path            string
	Image           *portal.Image
	CategoryName    string
	Details         string
	BodySummary     string
	HeroDescription string
	ParentPage      *PageRef
	// MembersOnly marks a node disabled for visitors: its page is gated, and its text must not
	// reach visitors through search either.
	MembersOnly bool
	// Unions are the union tids the node is limited to; empty means every union.
	Unions []string
}

// PageRef names a page by title and site path (a search hit's parent page).
type PageRef struct {
	Title string
	Path  string
}

// SearchHits is one page of search results and the total number of results.
type SearchHits struct {
	Total int
	Hits  []SearchHit
}

// Content is what the blog and search read from the CMS. Implementations: cms.Client and
// cache.Blog in front of it.
type Content interface {
	// BlogCategories lists the blog categories, ordered by weight.
	BlogCategories(ctx context.Context) ([]Category, error)
	// Posts returns one page of posts, newest first.
	Posts(ctx context.Context, q PostQuery) (*PostList, error)
	// Post returns a post by nid; apperr.NotFound when there is none.
	Post(ctx context.Context, nid string) (*Post, error)
	// Archives lists the months that have posts, newest first.
	Archives(ctx context.Context) ([]ArchiveMonth, error)
	// Search returns one page of search results in the CMS's order (relevance).
	Search(ctx context.Context, q SearchQuery) (*SearchHits, error)
}

// ListRequest names one page of a blog list screen.
type ListRequest struct {
	Category string // a category slug or AllCategories
	Offset   int
	Date     string // YYYY-MM or ""
	Topic    string // a blog_topic tid or ""
}

// SearchRequest names one page of the search screen.
type SearchRequest struct {
	Query string
	Type  string
	Page  int
}

// CategoryRef is a blog category as documents show it: its slug is its id in URLs.
type CategoryRef struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Title string `json:"title"`
	URL   string `json:"url"`
}

// TopicRef is a blog topic for the list's filter.
type TopicRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// ArchiveYear groups the archive months of one year, newest month first.
type ArchiveYear struct {
	Year   int            `json:"year"`
	Months []ArchiveEntry `json:"months"`
}

// ArchiveEntry is one month of the archive filter; Value is the list's date parameter.
type ArchiveEntry struct {
	Value string `json:"value"` // YYYY-MM
	Label string `json:"label"` // January
	Count int    `json:"count"`
}

// PostTeaser is a post as cards and sidebars show it.
type PostTeaser struct {
	ID       string      `json:"id"`
	Title    string      `json:"title"`
	URL      string      `json:"url"`
	Date     string      `json:"date"` // YYYY-MM-DD
	Category CategoryRef `json:"category"`
	// Excerpt is the post's intro (plain text) and Image its picture in the card style, so a
	// card in a list says what the post is about before it is opened.
	Excerpt string        `json:"excerpt,omitempty"`
	Image   *portal.Image `json:"image,omitempty"`
}

// Filters are the filters a list was asked for, echoed so the frontend can mark them.
type Filters struct {
	Date  string `json:"date,omitempty"`
	Topic string `json:"topic,omitempty"`
}

// ListDocument is the blog list screen: one page of posts with everything around it.
type ListDocument struct {
	Category     CategoryRef     `json:"category"`
	Categories   []CategoryRef   `json:"categories"`
	Topics       []TopicRef      `json:"topics"`
	Archives     []ArchiveYear   `json:"archives"`
	Filters      Filters         `json:"filters"`
	Offset       int             `json:"offset"`
	Limit        int             `json:"limit"`
	TotalResults int             `json:"totalResults"`
	Posts        []PostTeaser    `json:"posts"`
	Meta         portal.PageMeta `json:"meta"`
}

// PostDetail is a whole post as its page shows it.
type PostDetail struct {
	PostTeaser
	Author       string               `json:"author,omitempty"`
	Details      string               `json:"details,omitempty"`
	HTML         portal.HTML          `json:"html"`
	Disclaimer   portal.HTML          `json:"disclaimer,omitzero"`
	Image        *portal.Image        `json:"image,omitempty"` // url in the 750-wide style
	Topics       []TopicRef           `json:"topics"`
	BenefitPromo *portal.BenefitPromo `json:"benefitPromo,omitempty"`
}

// PostDocument is the blog post screen.
type PostDocument struct {
	Post       PostDetail    `json:"post"`
	Categories []CategoryRef `json:"categories"`
	Popular    []PostTeaser  `json:"popular"`
	// EmailPromo is the words and picture of the sidebar's email subscribe block: the site's
	// email promo (union_structure_global's eyebrow, headline, description and image).
	EmailPromo *portal.EmailPromo `json:"emailPromo,omitempty"`
	Meta       portal.PageMeta    `json:"meta"`
}

// SearchResult is one teaser of the search screen.
type SearchResult struct {
	Type            string        `json:"type"`
	TypeLabel       string        `json:"typeLabel"`
	ID              string        `json:"id"`
	Title           string        `json:"title"`
	URL             string        `json:"url"`
	Image           *portal.Image `json:"image,omitempty"` // url in the 250x200 style
	CategoryName    string        `json:"categoryName,omitempty"`
	Summary         string        `json:"summary,omitempty"`
	HeroDescription string        `json:"heroDescription,omitempty"`
	Parent          *portal.Link  `json:"parent,omitempty"`
}

// SearchDocument is one page of the search screen.
type SearchDocument struct {
	Query        string         `json:"query"`
	Type         string         `json:"type"`
	Page         int            `json:"page"`
	PageSize     int            `json:"pageSize"`
	TotalResults int            `json:"totalResults"`
	Results      []SearchResult `json:"results"`
}

// Pages assembles the blog and search documents. Implementation: Service.
type Pages interface {
	// BlogList returns a page of a blog list; apperr.NotFound for an unknown category,
	// apperr.Invalid for an unknown topic.
	BlogList(ctx context.Context, req ListRequest) (*ListDocument, error)
	// BlogPost returns a post's page; apperr.NotFound for an unknown category or post.
	BlogPost(ctx context.Context, category, id string) (*PostDocument, error)
	// Search returns a page of search results, ordered by type.
	Search(ctx context.Context, req SearchRequest) (*SearchDocument, error)
}
