// Package blog builds the blog list, blog post and search documents (spec 1 §9, §10).
package blog

import (
	"cmp"
	"context"
	"log/slog"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/sync/errgroup"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Site is what the blog reads besides posts: the topic terms and the global variable (its
// popular posts). portal.Content satisfies it; the narrow interface keeps the blog's fakes small.
type Site interface {
	Terms(ctx context.Context, bundle string) ([]portal.Term, error)
	Variable(ctx context.Context, name string) (*portal.Variable, error)
}

// Service builds the blog list, blog post and search documents. It implements Pages.
// Its documents are not cached themselves: every part comes from the cached CMS calls, and
// putting them together costs less than a cache lookup's bookkeeping would save.
type Service struct {
	blog        Content
	site        Site
	productName string
	log         *slog.Logger
}

var _ Pages = (*Service)(nil)

// Options configures a Service.
type Options struct {
	ProductName string
	Logger      *slog.Logger
}

// New returns a Service reading posts from blog and terms and variables from site.
func New(blog Content, site Site, o Options) *Service {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &Service{blog: blog, site: site, productName: o.ProductName, log: o.Logger}
}

// blogAllCategories is the header of the list of every category.
var blogAllCategories = CategoryRef{
	ID:    AllCategories,
	Name:  "All Tips & Updates",
	Title: "Tips & Updates for Union Families",
	URL:   "/blog/" + AllCategories,
}

// The image styles of spec 1 §9: posts show 750 wide, search teasers 250x200.
const (
	postImageStyle   = "750w"
	searchImageStyle = "250x200"
	// cardImageStyle is a list card's picture: the post's own 750-wide picture, which the card
	// shows at about half that width, sharp on a phone's dense screen too.
	cardImageStyle = postImageStyle
)

// blogPopularKeys are the global variable's fields naming the sidebar's popular posts, in order.
var blogPopularKeys = []string{"blog_popular_one", "blog_popular_two", "blog_popular_three"}

var blogNIDRE = regexp.MustCompile(`^[0-9]{1,10}$`)

// BlogList returns one page of a category's posts (every category for all-tips-updates) with
// the sidebar's filters. An offset at or past the end gives no posts and the real total.
func (s *Service) BlogList(ctx context.Context, req ListRequest) (*ListDocument, error) {
	cats, err := s.blog.BlogCategories(ctx)
	if err != nil {
		return nil, err
	}
	header := blogAllCategories
	var category Category
	if req.Category != AllCategories {
		c, ok := findBlogCategory(cats, req.Category)
		if !ok {
			return nil, apperr.PageNotFound(nil)
		}
		category, header = c, blogCategoryRef(c)
	}

	var (
		topics   []portal.Term
		list     *PostList
		archives []ArchiveMonth
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { topics, err = s.site.Terms(gctx, "blog_topic"); return })
	g.Go(func() (err error) { archives, err = s.blog.Archives(gctx); return })
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if req.Topic != "" && !hasBlogTopic(topics, req.Topic) {
		return nil, apperr.Field("topic", "Unknown topic "+req.Topic+".")
	}
	list, err = s.blog.Posts(ctx, PostQuery{
		Category: category, Offset: req.Offset, Limit: BlogPageSize, Date: req.Date, Topic: req.Topic,
	})
	if err != nil {
		return nil, err
	}

	doc := &ListDocument{
		Category:     header,
		Categories:   blogCategoryRefs(cats),
		Topics:       make([]TopicRef, 0, len(topics)),
		Archives:     blogArchiveYears(archives),
		Filters:      Filters{Date: req.Date, Topic: req.Topic},
		Offset:       req.Offset,
		Limit:        BlogPageSize,
		TotalResults: list.Total,
		Posts:        make([]PostTeaser, 0, len(list.Posts)),
		Meta: portal.PageMeta{
			Title:        header.Title + " | " + s.productName,
			Description:  "Tips, news and advice for union members and their families from " + s.productName + ".",
			CanonicalURL: header.URL,
		},
	}
	for _, t := range topics {
		doc.Topics = append(doc.Topics, TopicRef{ID: t.ID, Name: t.Name})
	}
	for i := range list.Posts {
		doc.Posts = append(doc.Posts, blogTeaser(&list.Posts[i]))
	}
	return doc, nil
}

// BlogPost returns a post's page. The post shows under any known category in its URL, so old
// links keep working after an editor moves it; its own URL (and canonical link) names its
// category.
func (s *Service) BlogPost(ctx context.Context, category, id string) (*PostDocument, error) {
	if !blogNIDRE.MatchString(id) {
		return nil, apperr.PageNotFound(nil)
	}
	var (
		cats    []Category
		post    *Post
		popular []PostTeaser
		promo   *portal.EmailPromo
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { cats, err = s.blog.BlogCategories(gctx); return })
	g.Go(func() (err error) { post, err = s.blog.Post(gctx, id); return })
	g.Go(func() error { popular, promo = s.sidebar(gctx); return nil })
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if _, ok := findBlogCategory(cats, category); !ok && category != AllCategories {
		return nil, apperr.PageNotFound(nil)
	}

	t := blogTeaser(post)
	d := PostDetail{
		PostTeaser: t,
		Author:     post.Author,
		Details:    post.Details,
		HTML:       post.Body,
		Disclaimer: post.Disclaimer,
		Image:      portal.StyledImage(post.Image, postImageStyle),
		Topics:     make([]TopicRef, 0, len(post.Topics)),
	}
	for _, tp := range post.Topics {
		d.Topics = append(d.Topics, TopicRef{ID: tp.ID, Name: tp.Name})
	}
	if post.BenefitPromo != nil && post.BenefitPromoLinkText != "" {
		d.BenefitPromo = &portal.BenefitPromo{
			Title:       post.BenefitPromo.Title,
			Description: post.BenefitPromo.Description,
			URL:         post.BenefitPromo.Path,
			LinkText:    post.BenefitPromoLinkText,
		}
	}
	meta := portal.MetaFromTags(post.Meta)
	meta.CanonicalURL = t.URL
	if meta.Title == "" {
		meta.Title = post.Title + " | " + s.productName
	}
	if meta.Description == "" {
		meta.Description = post.Details
	}
	// The post's own picture stands for it when shared: its feature image, else its image.
	if img := portal.StyledImage(cmp.Or(post.FeatureImage, post.Image), postImageStyle); img != nil {
		meta.Image = img.URL
	}
	// The sidebar's Popular Post never offers the post being read.
	popular = slices.DeleteFunc(popular, func(p PostTeaser) bool { return p.ID == t.ID })
	return &PostDocument{Post: d, Categories: blogCategoryRefs(cats), Popular: popular, EmailPromo: promo, Meta: meta}, nil
}

// sidebar returns what the post page's sidebar takes from the global variable: the popular
// posts and the email promo. The sidebar is not worth failing a post's page for: a missing
// variable or post is left out and logged.
func (s *Service) sidebar(ctx context.Context) ([]PostTeaser, *portal.EmailPromo) {
	v, err := s.site.Variable(ctx, "union_structure_global")
	if err != nil {
		s.log.WarnContext(ctx, "blog sidebar: global variable unavailable", "err", err)
		return []PostTeaser{}, nil
	}
	return s.popular(ctx, v), emailPromo(v)
}

// emailPromo is the site's email promo, when the editors gave it a headline.
func emailPromo(v *portal.Variable) *portal.EmailPromo {
	p := portal.EmailPromo{Eyebrow: v.String("eyebrow"), Headline: v.String("headline"),
		Description: v.String("description"), Image: v.Image("image")}
	if strings.TrimSpace(p.Headline) == "" {
		return nil
	}
	return &p
}

// popular returns the sidebar's popular posts, each under the title the editors gave it there
// (blog_popular_one_title, ...), else its own.
func (s *Service) popular(ctx context.Context, v *portal.Variable) []PostTeaser {
	out := []PostTeaser{}
	posts := make([]*Post, len(blogPopularKeys))
	var g errgroup.Group
	for i, k := range blogPopularKeys {
		nid := strings.TrimSpace(v.String(k))
		if !blogNIDRE.MatchString(nid) {
			continue
		}
		g.Go(func() error {
			p, err := s.blog.Post(ctx, nid)
			if err != nil {
				s.log.WarnContext(ctx, "popular post unavailable", "key", k, "nid", nid, "err", err)
				return nil
			}
			posts[i] = p
			return nil
		})
	}
	_ = g.Wait()
	for i, p := range posts {
		if p != nil {
			t := blogTeaser(p)
			if title := strings.TrimSpace(v.String(blogPopularKeys[i] + "_title")); title != "" {
				t.Title = title
			}
			out = append(out, t)
		}
	}
	return out
}

// searchTypeOrder is the search's order of result types (spec 1 §2); other types come last.
var searchTypeOrder = map[string]int{"benefit": 0, "category": 1, "page": 2, "landing": 3, "post": 4}

// searchTypeLabels name the result types for readers.
var searchTypeLabels = map[string]string{
	"benefit": "Benefit", "category": "Benefit Category", "page": "Page", "landing": "Page", "post": "Blog Post",
}

// searchAdviceParent is the parent page of every post in search results (spec 1 §2).
var searchAdviceParent = portal.Link{Title: "Advice", URL: "/blog/" + AllCategories}

// searchOrderedPages is how many of the CMS's pages of search are read to order their results by
// type as one list: the first searchOrderedPages*SearchPageSize results, which is further than
// readers page with Load More. Each page is a CMS call, cached on its own, so a term costs this
// many calls once per cache lifetime at most, and no more than its results fill. Pages past it
// are the CMS's own, each ordered by type within itself: every result still appears exactly once.
const searchOrderedPages = 10

// searchConcurrency bounds the CMS pages of one search read at once.
const searchConcurrency = 4

// Search returns one page of results ordered for readers across all pages: results whose title
// holds a word of the query first, then those that only mention it, each group in the spec's
// order of types (spec 1 §2), keeping the CMS's relevance order within a type. The CMS pages by
// relevance, so the pages up to searchOrderedPages are read and ordered as one list, and the page
// asked for is cut from it. Page 2 thus continues where page 1 stopped, and no benefit waits on a
// later page behind posts. The site's own service pages (the access-denied landing, the union
// pages that only redirect) are never results.
func (s *Service) Search(ctx context.Context, req SearchRequest) (*SearchDocument, error) {
	query := func(page int) SearchQuery {
		return SearchQuery{Keywords: req.Query, Type: req.Type, Page: page}
	}
	first, err := s.blog.Search(ctx, query(0))
	if err != nil {
		return nil, err
	}
	pages := min((first.Total+SearchPageSize-1)/SearchPageSize, searchOrderedPages)
	var hits []SearchHit
	var window int // where hits starts among all results
	if req.Page < pages {
		all := make([][]SearchHit, pages)
		all[0] = first.Hits
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(searchConcurrency)
		for p := 1; p < pages; p++ {
			g.Go(func() error {
				h, err := s.blog.Search(gctx, query(p))
				if err != nil {
					return err
				}
				all[p] = h.Hits
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return nil, err
		}
		for _, h := range all {
			hits = append(hits, h...)
		}
	} else {
		h := first
		if req.Page > 0 {
			if h, err = s.blog.Search(ctx, query(req.Page)); err != nil {
				return nil, err
			}
		}
		hits, window = h.Hits, req.Page*SearchPageSize
	}
	hidden := s.serviceLandings(ctx)
	results := make([]SearchResult, 0, len(hits))
	for _, h := range hits {
		if hidden[portal.CleanPath(h.Path)] {
			continue
		}
		results = append(results, blogSearchResult(h))
	}
	dropped := len(hits) - len(results)
	SortForReaders(results, req.Query)
	from := min(max(req.Page*SearchPageSize-window, 0), len(results))
	to := min(from+SearchPageSize, len(results))
	return &SearchDocument{
		Query:        req.Query,
		Type:         req.Type,
		Page:         req.Page,
		PageSize:     SearchPageSize,
		TotalResults: max(first.Total-dropped, 0),
		Results:      results[from:to],
	}, nil
}

// searchServicePages are site paths that are never search results: the members' and eligibility
// pages send every visitor elsewhere (spec 1 §2), so a result would only redirect.
var searchServicePages = []string{"/union-member-benefits", "/union-member-eligibility"}

// serviceLandings is the set of site paths search leaves out: searchServicePages and the global
// variable's access-denied landing, a page that only makes sense after a refused visit. Without
// the variable, only the fixed ones.
func (s *Service) serviceLandings(ctx context.Context) map[string]bool {
	out := make(map[string]bool, len(searchServicePages)+1)
	for _, p := range searchServicePages {
		out[p] = true
	}
	v, err := s.site.Variable(ctx, "union_structure_global")
	if err != nil {
		s.log.WarnContext(ctx, "search: global variable unavailable", "err", err)
		return out
	}
	if denied := strings.TrimSpace(v.String("access_denied_landing")); denied != "" {
		out[portal.CleanPath(denied)] = true
	}
	return out
}

// SortForReaders orders search results: those whose title holds a word of the query before those
// that only mention it somewhere in their text, and within each group by type (SortByType).
// Ordering by type alone put an About page that mentions "credit" once above a post titled for
// it (README, notes on the spec).
func SortForReaders(rs []SearchResult, query string) {
	words := searchWords(query)
	titled := func(r SearchResult) bool {
		title := strings.ToLower(r.Title)
		for _, w := range words {
			if strings.Contains(title, w) {
				return true
			}
		}
		return false
	}
	SortByType(rs)
	sort.SliceStable(rs, func(i, j int) bool { return titled(rs[i]) && !titled(rs[j]) })
}

// searchWords are the query's words in lower case, as the search matches them.
func searchWords(query string) []string {
	return strings.FieldsFunc(strings.ToLower(query), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// SortByType orders search results by type: benefit, category, page, landing, post, then any
// other type; the order within a type is kept.
func SortByType(rs []SearchResult) {
	rank := func(t string) int {
		if r, ok := searchTypeOrder[t]; ok {
			return r
		}
		return len(searchTypeOrder)
	}
	sort.SliceStable(rs, func(i, j int) bool { return rank(rs[i].Type) < rank(rs[j].Type) })
}

func blogSearchResult(h SearchHit) SearchResult {
	r := SearchResult{
		Type:            h.Type,
		TypeLabel:       searchTypeLabels[h.Type],
		ID:              h.NID,
		Title:           h.Title,
		URL:             h.Path,
		Image:           portal.StyledImage(h.Image, searchImageStyle),
		CategoryName:    h.CategoryName,
		Summary:         h.Details,
		HeroDescription: h.HeroDescription,
	}
	if r.TypeLabel == "" && h.Type != "" {
		r.TypeLabel = strings.ToUpper(h.Type[:1]) + strings.ReplaceAll(h.Type[1:], "_", " ")
	}
	if r.Summary == "" {
		r.Summary = h.BodySummary
	}
	if h.MembersOnly || len(h.Unions) > 0 {
		// Search answers every reader alike: a page for members or for some unions shows its
		// title and link (the page itself gates its readers) but none of its text.
		r.Summary, r.HeroDescription = "", ""
	}
	if r.HeroDescription == r.Summary {
		r.HeroDescription = "" // a page whose summary is its hero text would show it twice
	}
	switch {
	case h.Type == "post":
		p := searchAdviceParent
		r.Parent = &p
	case h.ParentPage != nil:
		r.Parent = &portal.Link{Title: h.ParentPage.Title, URL: h.ParentPage.Path}
	case h.Type == "benefit" && h.CategoryName != "":
		r.Parent = &portal.Link{Title: h.CategoryName}
	}
	return r
}

func blogTeaser(p *Post) PostTeaser {
	c := blogCategoryRef(p.Category)
	if p.Category.Slug == "" {
		c = blogAllCategories
	}
	return PostTeaser{
		ID:       p.NID,
		Title:    p.Title,
		URL:      c.URL + "/" + p.NID,
		Date:     p.Created.UTC().Format(time.DateOnly),
		Category: c,
		Excerpt:  p.Details,
		Image:    portal.StyledImage(cmp.Or(p.FeatureImage, p.Image), cardImageStyle),
	}
}

func blogCategoryRef(c Category) CategoryRef {
	return CategoryRef{ID: c.Slug, Name: c.Name, Title: c.Title, URL: "/blog/" + c.Slug}
}

func blogCategoryRefs(cs []Category) []CategoryRef {
	out := make([]CategoryRef, 0, len(cs))
	for _, c := range cs {
		out = append(out, blogCategoryRef(c))
	}
	return out
}

func findBlogCategory(cs []Category, slug string) (Category, bool) {
	for _, c := range cs {
		if c.Slug == slug {
			return c, true
		}
	}
	return Category{}, false
}

func hasBlogTopic(ts []portal.Term, id string) bool {
	for _, t := range ts {
		if t.ID == id {
			return true
		}
	}
	return false
}

// archiveYears groups archive months by year, newest first.
func blogArchiveYears(ms []ArchiveMonth) []ArchiveYear {
	sorted := append([]ArchiveMonth(nil), ms...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Year != sorted[j].Year {
			return sorted[i].Year > sorted[j].Year
		}
		return sorted[i].Month > sorted[j].Month
	})
	out := []ArchiveYear{}
	for _, m := range sorted {
		if len(out) == 0 || out[len(out)-1].Year != m.Year {
			out = append(out, ArchiveYear{Year: m.Year, Months: []ArchiveEntry{}})
		}
		y := &out[len(out)-1]
		y.Months = append(y.Months, ArchiveEntry{
			Value: strconv.Itoa(m.Year) + "-" + blogTwoDigits(m.Month),
			Label: time.Month(m.Month).String(),
			Count: m.Count,
		})
	}
	return out
}

func blogTwoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
