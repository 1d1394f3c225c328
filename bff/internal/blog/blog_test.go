package blog

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// fakeBlog is a Content over a list of posts, paging and filtering as the CMS does.
type fakeBlog struct {
	posts    []Post
	hits     []SearchHit
	asked    []PostQuery
	searched []int // the search pages asked for
	mu       sync.Mutex
}

var fakeCategories = []Category{
	{TID: "201", Slug: "money-tips", Name: "Money Tips", Title: "Money Tips for Union Families"},
	{TID: "203", Slug: "union-news", Name: "Union News", Title: "News", Weight: 2},
}

func (f *fakeBlog) BlogCategories(context.Context) ([]Category, error) {
	return fakeCategories, nil
}

func (f *fakeBlog) Posts(_ context.Context, q PostQuery) (*PostList, error) {
	f.asked = append(f.asked, q)
	var match []Post
	for _, p := range f.posts {
		if q.Category.TID == "" || p.Category.TID == q.Category.TID {
			match = append(match, p)
		}
	}
	end := min(q.Offset+q.Limit, len(match))
	return &PostList{Total: len(match), Posts: match[min(q.Offset, len(match)):end]}, nil
}

func (f *fakeBlog) Post(_ context.Context, nid string) (*Post, error) {
	for _, p := range f.posts {
		if p.NID == nid {
			return &p, nil
		}
	}
	return nil, apperr.New(apperr.NotFound, "404 not found.")
}

func (f *fakeBlog) Archives(context.Context) ([]ArchiveMonth, error) {
	return []ArchiveMonth{{Year: 2025, Month: 11, Count: 2}, {Year: 2026, Month: 3, Count: 1}, {Year: 2026, Month: 10, Count: 4}}, nil
}

// Search pages its hits as the CMS does: 20 to a page, in relevance order.
func (f *fakeBlog) Search(_ context.Context, q SearchQuery) (*SearchHits, error) {
	f.mu.Lock()
	f.searched = append(f.searched, q.Page)
	f.mu.Unlock()
	from := min(q.Page*SearchPageSize, len(f.hits))
	to := min(from+SearchPageSize, len(f.hits))
	return &SearchHits{Total: len(f.hits), Hits: f.hits[from:to]}, nil
}

type fakeSite struct{ popular map[string]any }

func (f fakeSite) Terms(context.Context, string) ([]portal.Term, error) {
	return []portal.Term{{ID: "211", Name: "Budgeting"}, {ID: "212", Name: "Retirement"}}, nil
}

func (f fakeSite) Variable(context.Context, string) (*portal.Variable, error) {
	return &portal.Variable{Name: "union_structure_global", Values: f.popular}, nil
}

func newFakeBlog(n int) *fakeBlog {
	f := &fakeBlog{}
	for i := range n {
		cat := fakeCategories[i%2]
		f.posts = append(f.posts, Post{
			NID: strconv.Itoa(5000 + i), Title: "Post " + strconv.Itoa(i), Category: cat,
			Created: time.Date(2026, 3, 1, 23, 30, 0, 0, time.FixedZone("x", -5*3600)).AddDate(0, 0, -i),
		})
	}
	return f
}

func testBlog(f *fakeBlog, popular map[string]any) *Service {
	return New(f, fakeSite{popular}, Options{ProductName: "Union Benefits", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
}

func TestBlogListPagesAndEdges(t *testing.T) {
	f := newFakeBlog(23)
	b := testBlog(f, nil)
	ctx := context.Background()
	for _, tc := range []struct{ offset, want int }{{0, 10}, {10, 10}, {20, 3}, {22, 1}, {23, 0}, {40, 0}} {
		doc, err := b.BlogList(ctx, ListRequest{Category: AllCategories, Offset: tc.offset})
		if err != nil {
			t.Fatal(err)
		}
		if len(doc.Posts) != tc.want || doc.TotalResults != 23 || doc.Offset != tc.offset || doc.Limit != 10 {
			t.Errorf("offset %d: %d posts, total %d; want %d and 23", tc.offset, len(doc.Posts), doc.TotalResults, tc.want)
		}
	}
	doc, err := b.BlogList(ctx, ListRequest{Category: "union-news", Date: "2026-03", Topic: "212"})
	if err != nil {
		t.Fatal(err)
	}
	if doc.Category.ID != "union-news" || doc.TotalResults != 11 || doc.Filters.Date != "2026-03" || doc.Filters.Topic != "212" {
		t.Fatalf("union-news: %+v", doc)
	}
	last := f.asked[len(f.asked)-1]
	if last.Category.TID != "203" || last.Date != "2026-03" || last.Topic != "212" || last.Limit != 10 {
		t.Fatalf("asked the CMS for %+v", last)
	}
	// The date is the calendar day in UTC: February 28, 23:30 at -05:00 is March 1.
	if got := doc.Posts[0].Date; got != "2026-03-01" {
		t.Errorf("date %q", got)
	}
	if doc.Posts[0].URL != "/blog/union-news/5001" || doc.Posts[0].Category.URL != "/blog/union-news" {
		t.Errorf("teaser %+v", doc.Posts[0])
	}
	if len(doc.Archives) != 2 || doc.Archives[0].Year != 2026 || doc.Archives[0].Months[0].Value != "2026-10" ||
		doc.Archives[0].Months[0].Label != "October" || doc.Archives[1].Months[0].Value != "2025-11" {
		t.Errorf("archives %+v", doc.Archives)
	}
}

func TestBlogListUnknownCategoryOrTopic(t *testing.T) {
	b := testBlog(newFakeBlog(3), nil)
	if _, err := b.BlogList(context.Background(), ListRequest{Category: "no-such-category"}); !apperr.Is(err, apperr.NotFound) {
		t.Errorf("unknown category: %v; want not_found", err)
	}
	_, err := b.BlogList(context.Background(), ListRequest{Category: AllCategories, Topic: "999"})
	if e := apperr.From(err); e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != "topic" {
		t.Errorf("unknown topic: %v; want invalid with a topic field error", err)
	}
}

func TestBlogPostPromoAndPopular(t *testing.T) {
	f := newFakeBlog(4)
	f.posts[0].BenefitPromo = &BenefitPromoRef{Title: "Card", Path: "/benefits/card"}
	f.posts[0].BenefitPromoLinkText = "Learn more"
	f.posts[1].BenefitPromo = &BenefitPromoRef{Title: "Card", Path: "/benefits/card"} // no link text
	f.posts[0].Image = &portal.Image{URL: "https://cms/x.svg", Styles: map[string]string{"750w": "https://cms/x.svg?750", "250x200": "y"}}
	b := testBlog(f, map[string]any{"blog_popular_one": "5002", "blog_popular_two": "1", "blog_popular_three": "5000"})

	doc, err := b.BlogPost(context.Background(), "money-tips", "5000")
	if err != nil {
		t.Fatal(err)
	}
	if doc.Post.BenefitPromo == nil || doc.Post.BenefitPromo.LinkText != "Learn more" || doc.Post.BenefitPromo.URL != "/benefits/card" {
		t.Errorf("promo %+v", doc.Post.BenefitPromo)
	}
	if doc.Post.Image == nil || doc.Post.Image.URL != "https://cms/x.svg?750" || doc.Post.Image.Styles != nil {
		t.Errorf("image %+v; want the 750w style alone", doc.Post.Image)
	}
	// 5000 is popular too, but it is the post being read: the sidebar never offers it.
	if len(doc.Popular) != 1 || doc.Popular[0].ID != "5002" {
		t.Errorf("popular %+v; want 5002 alone: the missing post and the post being read left out", doc.Popular)
	}
	if len(doc.Categories) != 2 || doc.Meta.CanonicalURL != "/blog/money-tips/5000" {
		t.Errorf("categories %+v, canonical %q", doc.Categories, doc.Meta.CanonicalURL)
	}
	doc, err = b.BlogPost(context.Background(), AllCategories, "5001")
	if err != nil {
		t.Fatal(err)
	}
	if doc.Post.BenefitPromo != nil {
		t.Errorf("a promo without link text showed: %+v", doc.Post.BenefitPromo)
	}
	if doc.Post.URL != "/blog/union-news/5001" {
		t.Errorf("url %q; want the post's own category", doc.Post.URL)
	}
	if len(doc.Popular) != 2 || doc.Popular[0].ID != "5002" || doc.Popular[1].ID != "5000" {
		t.Errorf("popular %+v beside another post; want 5002 and 5000 in the variable's order", doc.Popular)
	}
	for _, tc := range []struct{ cat, id string }{{"nope", "5000"}, {"money-tips", "4"}, {"money-tips", "abc"}} {
		if _, err := b.BlogPost(context.Background(), tc.cat, tc.id); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("%s/%s: %v; want not_found", tc.cat, tc.id, err)
		}
	}
}

func TestSearchOrdersResultsByType(t *testing.T) {
	f := &fakeBlog{hits: []SearchHit{
		{Type: "post", NID: "1", Title: "p1", Path: "/blog/money-tips/1", CategoryName: "Money Tips", Details: "intro"},
		{Type: "webform", NID: "2", Title: "w"},
		{Type: "landing", NID: "3", Title: "l"},
		{Type: "benefit", NID: "4", Title: "b1", CategoryName: "Money & Credit", ParentPage: &PageRef{Title: "Money & Credit", Path: "/money-and-credit"},
			Image: &portal.Image{URL: "u", Styles: map[string]string{"250x200": "u250"}}, BodySummary: "body"},
		{Type: "post", NID: "5", Title: "p2"},
		{Type: "page", NID: "6", Title: "pg", HeroDescription: "hero", BodySummary: "hero"},
		{Type: "page", NID: "9", Title: "cwa", Details: "CWA-ONLY-CONTENT", Unions: []string{"37"}},
		{Type: "category", NID: "7", Title: "c"},
		{Type: "benefit", NID: "8", Title: "b2", BodySummary: "members only text", HeroDescription: "secret", MembersOnly: true},
	}}
	doc, err := testBlog(f, nil).Search(context.Background(), SearchRequest{Query: "x", Type: "all"})
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, r := range doc.Results {
		order = append(order, r.ID)
	}
	if got, want := order, []string{"4", "8", "7", "6", "9", "3", "1", "5", "2"}; !equal(got, want) {
		t.Fatalf("order %v; want %v (by type, CMS order within a type)", got, want)
	}
	r := doc.Results
	if r[0].Parent == nil || r[0].Parent.Title != "Money & Credit" || r[0].Image.URL != "u250" || r[0].Summary != "body" || r[0].TypeLabel != "Benefit" {
		t.Errorf("benefit %+v", r[0])
	}
	if r[6].Parent == nil || r[6].Parent.Title != "Advice" || r[6].Summary != "intro" || r[6].URL != "/blog/money-tips/1" {
		t.Errorf("post %+v", r[6])
	}
	if r[3].HeroDescription != "" || r[3].Summary != "hero" {
		t.Errorf("page %+v: the hero text must show once", r[3])
	}
	if r[1].Summary != "" || r[1].HeroDescription != "" || r[1].URL != "" && r[1].Title != "b2" {
		t.Errorf("members-only hit %+v: its text must not show", r[1])
	}
	if r[4].Summary != "" {
		t.Errorf("union-limited hit %+v: its text must not show", r[4])
	}
	if r[8].TypeLabel != "Webform" {
		t.Errorf("other type label %q", r[7].TypeLabel)
	}
	if doc.PageSize != 20 || doc.TotalResults != 9 {
		t.Errorf("page size %d, total %d", doc.PageSize, doc.TotalResults)
	}
}

// Spec 1 §2: results come by type across every page, not within each page of 20, and Load More
// continues the one order: every result once, none skipped.
func TestSearchOrdersByTypeAcrossPages(t *testing.T) {
	// The CMS ranks by relevance: posts first, the benefits last, on its third page.
	types := []string{"post", "page", "landing", "category", "benefit"}
	f := &fakeBlog{}
	for i := range 50 {
		typ := types[min(i/10, 4)]
		f.hits = append(f.hits, SearchHit{Type: typ, NID: strconv.Itoa(1000 + i), Title: typ + strconv.Itoa(i)})
	}
	b := testBlog(f, nil)
	var got []SearchResult
	for page := range 3 {
		doc, err := b.Search(context.Background(), SearchRequest{Query: "x", Type: "all", Page: page})
		if err != nil {
			t.Fatal(err)
		}
		if doc.TotalResults != 50 || doc.Page != page {
			t.Fatalf("page %d: total %d, page %d", page, doc.TotalResults, doc.Page)
		}
		if want := min(20, 50-page*20); len(doc.Results) != want {
			t.Fatalf("page %d holds %d results; want %d", page, len(doc.Results), want)
		}
		got = append(got, doc.Results...)
	}
	rank := map[string]int{"benefit": 0, "category": 1, "page": 2, "landing": 3, "post": 4}
	seen := map[string]bool{}
	for i, r := range got {
		if seen[r.ID] {
			t.Fatalf("%s shown twice", r.ID)
		}
		seen[r.ID] = true
		if i > 0 {
			prev := got[i-1]
			if rank[prev.Type] > rank[r.Type] || (prev.Type == r.Type && prev.ID > r.ID) {
				t.Fatalf("result %d: %s %s after %s %s; want type order, relevance within a type", i, r.Type, r.ID, prev.Type, prev.ID)
			}
		}
	}
	if got[0].Type != "benefit" || got[20].Type != "page" || got[40].Type != "post" {
		t.Errorf("pages start with %s, %s, %s; want benefit, page, post", got[0].Type, got[20].Type, got[40].Type)
	}
}

// Past the pages read to order results, each page is the CMS's own, ordered within itself, and
// a search never reads more than those pages plus the one asked for.
func TestSearchBeyondTheOrderedPagesKeepsEveryResultOnce(t *testing.T) {
	f := &fakeBlog{}
	n := (searchOrderedPages+2)*SearchPageSize + 5
	for i := range n {
		typ := "post"
		if i%7 == 0 {
			typ = "benefit"
		}
		f.hits = append(f.hits, SearchHit{Type: typ, NID: strconv.Itoa(100000 + i)})
	}
	b := testBlog(f, nil)
	seen := map[string]bool{}
	for page := 0; page*SearchPageSize < n; page++ {
		f.searched = nil
		doc, err := b.Search(context.Background(), SearchRequest{Query: "x", Type: "all", Page: page})
		if err != nil {
			t.Fatal(err)
		}
		if len(f.searched) > searchOrderedPages+1 {
			t.Fatalf("page %d read %d CMS pages", page, len(f.searched))
		}
		last := -1
		for _, r := range doc.Results {
			if seen[r.ID] {
				t.Fatalf("page %d: %s shown twice", page, r.ID)
			}
			seen[r.ID] = true
			rk := map[string]int{"benefit": 0, "post": 4}[r.Type]
			if rk < last {
				t.Fatalf("page %d out of type order", page)
			}
			last = rk
		}
	}
	if len(seen) != n {
		t.Fatalf("%d of %d results shown", len(seen), n)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The sidebar names each popular post as the editors titled it there (blog_popular_*_title) and
// carries the site's email promo for its subscribe block.
func TestBlogSidebarTakesTheEditorsTitlesAndEmailPromo(t *testing.T) {
	f := newFakeBlog(4)
	b := testBlog(f, map[string]any{
		"blog_popular_one": "5002", "blog_popular_one_title": "Our pick: a budget that works",
		"blog_popular_two": "5003",
		"eyebrow":          "Stay in the loop", "headline": "Get the latest savings", "description": "Once a month.",
		"image": map[string]any{"url": "https://cms/e.svg", "alt": "An envelope", "width": 800.0, "height": 490.0},
	})
	doc, err := b.BlogPost(context.Background(), "money-tips", "5000")
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Popular) != 2 || doc.Popular[0].Title != "Our pick: a budget that works" || doc.Popular[1].Title != f.posts[3].Title {
		t.Errorf("popular %+v; want the editors' title, else the post's own", doc.Popular)
	}
	p := doc.EmailPromo
	if p == nil || p.Eyebrow != "Stay in the loop" || p.Headline != "Get the latest savings" || p.Description != "Once a month." ||
		p.Image == nil || p.Image.URL != "https://cms/e.svg" || p.Image.Alt != "An envelope" {
		t.Errorf("email promo %+v", p)
	}
}

// A post's feature image (spec 1 §3 'Blog post') stands for it on its cards and as its og:image;
// the post itself still shows its image. Its metatags reach the head (spec 1 §3 'Page metadata').
func TestTheFeatureImageStandsForThePost(t *testing.T) {
	f := newFakeBlog(2)
	f.posts[0].Image = &portal.Image{URL: "https://cms/x.svg", Styles: map[string]string{"750w": "https://cms/x.svg?750"}}
	f.posts[0].FeatureImage = &portal.Image{URL: "https://cms/f.svg", Alt: "Coins", Styles: map[string]string{"750w": "https://cms/f.svg?750"}}
	f.posts[0].Meta = map[string]string{"keywords": "budget, savings", "og_type": "article"}
	b := testBlog(f, nil)

	doc, err := b.BlogPost(context.Background(), "money-tips", "5000")
	if err != nil {
		t.Fatal(err)
	}
	if doc.Post.Image == nil || doc.Post.Image.URL != "https://cms/x.svg?750" {
		t.Errorf("the post's image %+v; want its own image", doc.Post.Image)
	}
	if doc.Meta.Image != "https://cms/f.svg?750" || doc.Meta.Keywords != "budget, savings" || doc.Meta.OpenGraph["type"] != "article" {
		t.Errorf("meta %+v; want the feature image as og:image, the keywords and og:type", doc.Meta)
	}
	list, err := b.BlogList(context.Background(), ListRequest{Category: AllCategories})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(list.Posts, func(p PostTeaser) bool { return p.ID == "5000" })
	if i < 0 {
		t.Fatalf("post 5000 is not listed: %+v", list.Posts)
	}
	if img := list.Posts[i].Image; img == nil || img.URL != "https://cms/f.svg?750" || img.Alt != "Coins" {
		t.Errorf("the card's image %+v; want the feature image", img)
	}
}
