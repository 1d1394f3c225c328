package cms

import (
	"context"
	"fmt"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/blog"
	"github.com/union-benefits/portal/bff/internal/jsonapi"
)

// The blog and search calls of spec 1 §7 (request shapes in fixtures/cms/README.md):
//
//	term?bundle=blog_category                                  the categories, with their slugs
//	posts?category={tid}&topic={tid}&date=YYYY-MM&offset=&limit= one page of posts, meta.count the total
//	post?id={nid}                                              one post
//	archives                                                   the months that have posts
//	search?keywords=&type=&page=                               one page of search results

var _ blog.Content = (*Client)(nil)

type rawBlogCategory struct {
	TID    id                     `json:"tid"`
	Name   string                 `json:"name"`
	Title  string                 `json:"title"`
	Weight int                    `json:"weight"`
	Path   struct{ Alias string } `json:"path"`
}

type rawPromoRef struct {
	NID         id     `json:"nid"`
	Title       string `json:"title"`
	Path        string `json:"path"`
	Description string `json:"description"`
}

type rawPost struct {
	NID                   id                `json:"nid"`
	Title                 string            `json:"title"`
	Created               time.Time         `json:"created"`
	Author                string            `json:"author"`
	Details               string            `json:"details"`
	Body                  *jsonapi.RawText  `json:"body"`
	Disclaimer            *jsonapi.RawText  `json:"disclaimer"`
	BenefitPromoReference *rawPromoRef      `json:"benefit_promo_reference"`
	BenefitPromoLinkText  string            `json:"benefit_promo_link_text"`
	Metatags              map[string]string `json:"metatags"`
}

type rawArchive struct {
	Year  int `json:"year"`
	Month int `json:"month"`
	Count int `json:"count"`
}

type rawSearchResult struct {
	Type            string `json:"type"`
	NID             id     `json:"nid"`
	Title           string `json:"title"`
	Path            string `json:"path"`
	CategoryName    string `json:"category_name"`
	Details         string `json:"details"`
	BodySummary     string `json:"body_summary"`
	HeroDescription string `json:"hero_description"`
	DisabledAnon    bool   `json:"disabled_anonymous"`
	Unions          []id   `json:"unions"`
	ParentPage      *struct {
		Title string `json:"title"`
		Path  string `json:"path"`
	} `json:"parent_page"`
}

// BlogCategories lists the blog categories with their URL slugs, ordered by weight then name.
func (c *Client) BlogCategories(ctx context.Context) ([]blog.Category, error) {
	out, _, err := collection(ctx, c, "blog categories", "term", url.Values{"bundle": {"blog_category"}},
		func(_ *jsonapi.Document, r *jsonapi.Resource) (blog.Category, error) {
			return reshapeBlogCategory(r)
		})
	if err != nil {
		return nil, err
	}
	sortByWeight(out, func(b blog.Category) (int, string) { return b.Weight, b.Name })
	return out, nil
}

// Posts returns one page of posts, newest first, and the size of the whole list.
func (c *Client) Posts(ctx context.Context, q blog.PostQuery) (*blog.PostList, error) {
	v := url.Values{"offset": {strconv.Itoa(q.Offset)}, "limit": {strconv.Itoa(q.Limit)}}
	if q.Category.TID != "" {
		v.Set("category", q.Category.TID)
	}
	if q.Date != "" {
		v.Set("date", q.Date)
	}
	if q.Topic != "" {
		v.Set("topic", q.Topic)
	}
	posts, doc, err := collection(ctx, c, "posts", "posts", v, func(doc *jsonapi.Document, r *jsonapi.Resource) (blog.Post, error) {
		p, err := c.reshapePost(doc, r)
		if err != nil {
			return blog.Post{}, err
		}
		return *p, nil
	})
	if err != nil {
		return nil, err
	}
	return &blog.PostList{Total: metaCount(doc, len(posts)), Posts: posts}, nil
}

// Post returns the post with a nid.
func (c *Client) Post(ctx context.Context, nid string) (*blog.Post, error) {
	doc, r, err := c.single(ctx, "post", url.Values{"id": {nid}})
	if err != nil {
		return nil, err
	}
	if r.Type != "node--post" {
		return nil, apperr.PageNotFound(nil)
	}
	p, err := c.reshapePost(doc, r)
	if err != nil {
		return nil, c.malformed("post", err)
	}
	return p, nil
}

// Archives lists the months that have posts, newest first.
func (c *Client) Archives(ctx context.Context) ([]blog.ArchiveMonth, error) {
	out, _, err := collection(ctx, c, "archives", "archives", nil, func(_ *jsonapi.Document, r *jsonapi.Resource) (blog.ArchiveMonth, error) {
		var raw rawArchive
		if err := r.Attrs(&raw); err != nil {
			return blog.ArchiveMonth{}, err
		}
		if raw.Month < 1 || raw.Month > 12 || raw.Year < 1 {
			return blog.ArchiveMonth{}, fmt.Errorf("archive %s: month %d of %d", r.ID, raw.Month, raw.Year)
		}
		return blog.ArchiveMonth{Year: raw.Year, Month: raw.Month, Count: raw.Count}, nil
	})
	return out, err
}

// Search returns one page of the CMS's search, in its order.
func (c *Client) Search(ctx context.Context, q blog.SearchQuery) (*blog.SearchHits, error) {
	hits, doc, err := collection(ctx, c, "search", "search", url.Values{
		"keywords": {q.Keywords},
		"type":     {q.Type},
		"page":     {strconv.Itoa(q.Page)},
	}, func(doc *jsonapi.Document, r *jsonapi.Resource) (blog.SearchHit, error) {
		var raw rawSearchResult
		if err := r.Attrs(&raw); err != nil {
			return blog.SearchHit{}, err
		}
		h := blog.SearchHit{
			Type:            raw.Type,
			NID:             raw.NID.String(),
			Title:           raw.Title,
			Path:            raw.Path,
			CategoryName:    raw.CategoryName,
			Details:         raw.Details,
			BodySummary:     raw.BodySummary,
			HeroDescription: raw.HeroDescription,
			MembersOnly:     raw.DisabledAnon,
		}
		for _, u := range raw.Unions {
			h.Unions = append(h.Unions, u.String())
		}
		if raw.ParentPage != nil && raw.ParentPage.Title != "" {
			h.ParentPage = &blog.PageRef{Title: raw.ParentPage.Title, Path: raw.ParentPage.Path}
		}
		if imgs := doc.Related(r, "image"); len(imgs) > 0 {
			img, err := c.reshapeImage(imgs[0])
			if err != nil {
				return blog.SearchHit{}, err
			}
			h.Image = &img
		}
		return h, nil
	})
	if err != nil {
		return nil, err
	}
	return &blog.SearchHits{Total: metaCount(doc, len(hits)), Hits: hits}, nil
}

func (c *Client) reshapePost(doc *jsonapi.Document, r *jsonapi.Resource) (*blog.Post, error) {
	var raw rawPost
	if err := r.Attrs(&raw); err != nil {
		return nil, err
	}
	p := &blog.Post{
		NID:     raw.NID.String(),
		Title:   raw.Title,
		Author:  raw.Author,
		Created: raw.Created,
		Details: raw.Details,
		Meta:    c.metatags(raw.Metatags),
	}
	if p.NID == "" {
		return nil, fmt.Errorf("post %s has no nid", r.ID)
	}
	if raw.Body != nil {
		p.Body = raw.Body.HTML()
	}
	if raw.Disclaimer != nil {
		p.Disclaimer = raw.Disclaimer.HTML()
	}
	if cats := doc.Related(r, "category"); len(cats) > 0 {
		bc, err := reshapeBlogCategory(cats[0])
		if err != nil {
			return nil, err
		}
		p.Category = bc
	}
	for _, t := range doc.Related(r, "topics") {
		term, err := reshapeTerm(t)
		if err != nil {
			return nil, err
		}
		p.Topics = append(p.Topics, term)
	}
	if imgs := doc.Related(r, "image"); len(imgs) > 0 {
		img, err := c.reshapeImage(imgs[0])
		if err != nil {
			return nil, err
		}
		p.Image = &img
	}
	if imgs := doc.Related(r, "feature_image"); len(imgs) > 0 {
		img, err := c.reshapeImage(imgs[0])
		if err != nil {
			return nil, err
		}
		p.FeatureImage = &img
	}
	if ref := raw.BenefitPromoReference; ref != nil && ref.Title != "" && ref.Path != "" {
		p.BenefitPromo = &blog.BenefitPromoRef{
			NID:         ref.NID.String(),
			Title:       ref.Title,
			Path:        jsonapi.LinkURL(ref.Path),
			Description: ref.Description,
		}
	}
	p.BenefitPromoLinkText = strings.TrimSpace(raw.BenefitPromoLinkText)
	return p, nil
}

// reshapeBlogCategory takes the slug from the term's alias (/blog/money-tips), the id the
// blog's URLs use; a term without an alias falls back to its tid, which still routes.
func reshapeBlogCategory(r *jsonapi.Resource) (blog.Category, error) {
	var raw rawBlogCategory
	if err := r.Attrs(&raw); err != nil {
		return blog.Category{}, err
	}
	slug := path.Base(strings.TrimRight(raw.Path.Alias, "/"))
	if raw.Path.Alias == "" || slug == "/" || slug == "." {
		slug = raw.TID.String()
	}
	title := raw.Title
	if title == "" {
		title = raw.Name
	}
	return blog.Category{TID: raw.TID.String(), Slug: slug, Name: raw.Name, Title: title, Weight: raw.Weight}, nil
}

// metaCount reads a collection's meta.count, the size of the whole list before paging; a CMS
// that leaves it out gives only what it sent.
func metaCount(doc *jsonapi.Document, fallback int) int {
	switch v := doc.Meta["count"].(type) {
	case float64:
		return int(v)
	case string:
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return fallback
}
