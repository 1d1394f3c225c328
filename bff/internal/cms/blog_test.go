package cms

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/blog"
)

func TestPostReshape(t *testing.T) {
	p, err := fixtureClient(t).Post(context.Background(), "5512")
	if err != nil {
		t.Fatal(err)
	}
	if p.NID != "5512" || p.Category.Slug != "money-tips" || p.Category.TID != "201" {
		t.Fatalf("post %s in %+v", p.NID, p.Category)
	}
	if p.Image == nil || !strings.HasPrefix(p.Image.Styles["750w"], "https://cms.example.org/sites/default/files/blog/") {
		t.Fatalf("image %+v: the 750w style must be absolute on the public CMS host", p.Image)
	}
	if p.BenefitPromo == nil || p.BenefitPromoLinkText == "" || p.BenefitPromo.Path != "/benefits/union-plus-credit-card" {
		t.Fatalf("promo %+v %q", p.BenefitPromo, p.BenefitPromoLinkText)
	}
	if !p.Created.Equal(time.Date(2026, 6, 23, 15, 0, 0, 0, time.UTC)) {
		t.Fatalf("created %v", p.Created)
	}
	golden(t, "post-5512.json", p)
}

func TestPostWithoutImageOrLinkText(t *testing.T) {
	c := fixtureClient(t)
	p, err := c.Post(context.Background(), "5455")
	if err != nil {
		t.Fatal(err)
	}
	if p.Image != nil {
		t.Fatalf("5455 has no image; got %+v", p.Image)
	}
	p, err = c.Post(context.Background(), "5503")
	if err != nil {
		t.Fatal(err)
	}
	if p.BenefitPromo == nil || p.BenefitPromoLinkText != "" {
		t.Fatalf("5503 has a promo reference without link text; got %+v %q", p.BenefitPromo, p.BenefitPromoLinkText)
	}
}

func TestPostNotFound(t *testing.T) {
	_, err := fixtureClient(t).Post(context.Background(), "1")
	if !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("err %v; want not_found", err)
	}
}

func TestPostListReshape(t *testing.T) {
	c := fixtureClient(t)
	cats, err := c.BlogCategories(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(cats) != 3 || cats[0].Slug != "money-tips" || cats[2].Slug != "union-news" {
		t.Fatalf("categories %+v", cats)
	}
	l, err := c.Posts(context.Background(), blog.PostQuery{Category: cats[0], Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if l.Total < 10 || len(l.Posts) != 10 {
		t.Fatalf("total %d, %d posts", l.Total, len(l.Posts))
	}
	for i, p := range l.Posts {
		if p.Category.Slug != "money-tips" {
			t.Errorf("post %s in %s", p.NID, p.Category.Slug)
		}
		if i > 0 && p.Created.After(l.Posts[i-1].Created) {
			t.Errorf("post %s is newer than the one before it", p.NID)
		}
	}
	golden(t, "blog-categories.json", cats)
	golden(t, "posts-money-tips.json", l)
}

func TestPostListPagingEdges(t *testing.T) {
	c := fixtureClient(t)
	all, err := c.Posts(context.Background(), blog.PostQuery{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, offset := range []int{all.Total, all.Total + 10} {
		l, err := c.Posts(context.Background(), blog.PostQuery{Offset: offset, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if l.Total != all.Total || len(l.Posts) != 0 {
			t.Errorf("offset %d: total %d, %d posts; want %d and none", offset, l.Total, len(l.Posts), all.Total)
		}
	}
	last, err := c.Posts(context.Background(), blog.PostQuery{Offset: all.Total - 1, Limit: 10})
	if err != nil || len(last.Posts) != 1 {
		t.Fatalf("offset total-1: %v, %+v", err, last)
	}
}

func TestArchivesAndSearchReshape(t *testing.T) {
	c := fixtureClient(t)
	as, err := c.Archives(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(as) == 0 || as[0].Year != 2026 {
		t.Fatalf("archives %+v", as)
	}
	hs, err := c.Search(context.Background(), blog.SearchQuery{Keywords: "budget coaching", Type: "all"})
	if err != nil {
		t.Fatal(err)
	}
	if hs.Total == 0 || hs.Hits[0].Title != "Budget Coaching" || hs.Hits[0].Image == nil {
		t.Fatalf("search %+v", hs)
	}
	golden(t, "search-budget-coaching.json", hs.Hits[0])
}

func TestBlogCallsTranslateCMSFailures(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/vnd.api+json")
		if r.URL.Path == "/api/v0/posts" {
			_, _ = w.Write([]byte(`{"data":{"type":"node--post"}}`)) // one where a collection belongs
			return
		}
		w.WriteHeader(http.StatusBadGateway)
	}))
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, Timeout: time.Second})
	// A malformed answer is the CMS failing: a 503 the reader may retry, like a 502.
	if _, err := c.Posts(context.Background(), blog.PostQuery{Limit: 10}); !apperr.Is(err, apperr.Unavailable) {
		t.Errorf("malformed list: %v; want unavailable", err)
	}
	if _, err := c.Search(context.Background(), blog.SearchQuery{Keywords: "x", Type: "all"}); !apperr.Is(err, apperr.Unavailable) {
		t.Errorf("CMS 502: %v; want unavailable", err)
	}
}
