package blog_test

// Integration tests of the blog and search through the whole BFF against the fixture CMS.

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
)

type blogList struct {
	TotalResults int
	Posts        []struct{ ID, Title, URL string }
	Archives     []struct {
		Year   int
		Months []struct {
			Value string
			Count int
		}
	}
}

func getBlogList(t *testing.T, url string) blogList {
	t.Helper()
	status, _, body := harness.Get(t, url)
	if status != http.StatusOK {
		t.Fatalf("GET %s: status %d: %s", url, status, body)
	}
	var l blogList
	if err := json.Unmarshal(body, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

func purge(t *testing.T, b *harness.BFF, tags ...string) int {
	t.Helper()
	body, _ := json.Marshal(map[string][]string{"tags": tags})
	resp := harness.Post(t, b.URL+"/api/v1/hooks/cms", body, harness.Sign(harness.WebhookSecret, body))
	var res struct{ Purged int }
	harness.Decode(t, resp, &res)
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("webhook status %d", resp.StatusCode)
	}
	return res.Purged
}

func TestPublishingAPostRefreshesItsLists(t *testing.T) {
	cms := harness.StartCMS(t)
	b := harness.StartBFF(t, harness.Config(cms.URL, nil))
	money := b.URL + "/api/v1/blog/money-tips"
	every := b.URL + "/api/v1/blog/all-tips-updates"

	first := getBlogList(t, money).Posts[0]
	if first.ID != "5539" || getBlogList(t, every).Posts[0].ID != "5539" {
		t.Fatalf("newest post %+v; want 5539 first in both lists", first)
	}
	if status, _, _ := harness.Get(t, b.URL+"/api/v1/blog/money-tips/5539"); status != http.StatusOK {
		t.Fatalf("post 5539: status %d", status)
	}
	cms.Edit(t, "post/5539.json", first.Title, "Edited holiday budget")
	if got := getBlogList(t, money).Posts[0].Title; got != first.Title {
		t.Fatalf("before the purge: %q; the fresh list must come from the cache", got)
	}

	if purge(t, b, "node:5539") < 3 {
		t.Fatal("node:5539 must purge the post and both lists showing it")
	}
	if got := getBlogList(t, money).Posts[0].Title; got != "Edited holiday budget" {
		t.Fatalf("money-tips after the purge: %q", got)
	}
	if got := getBlogList(t, every).Posts[0].Title; got != "Edited holiday budget" {
		t.Fatalf("all-tips-updates after the purge: %q", got)
	}
	status, _, body := harness.Get(t, b.URL+"/api/v1/blog/money-tips/5539")
	if status != http.StatusOK || !strings.Contains(string(body), "Edited holiday budget") {
		t.Fatalf("post after the purge: %d %s", status, body)
	}

	// A new post is in no cached list yet: publishing it sends the posts tag.
	before := getBlogList(t, money)
	src, err := os.ReadFile(filepath.Join(cms.Dir, "post/5539.json"))
	if err != nil {
		t.Fatal(err)
	}
	fresh := strings.NewReplacer(`"nid": 5539`, `"nid": 5600`, "000000005539", "000000005600",
		"2026-11-17T15:00:00+00:00", "2026-11-20T15:00:00+00:00", "Edited holiday budget", "A brand new post").Replace(string(src))
	if err := os.WriteFile(filepath.Join(cms.Dir, "post/5600.json"), []byte(fresh), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := getBlogList(t, money).TotalResults; got != before.TotalResults {
		t.Fatalf("a list changed before any purge: %d", got)
	}
	purge(t, b, "node:5600", "posts")
	after := getBlogList(t, money)
	if after.TotalResults != before.TotalResults+1 || after.Posts[0].Title != "A brand new post" {
		t.Fatalf("after publishing: total %d, first %+v", after.TotalResults, after.Posts[0])
	}
	if nov := after.Archives[0].Months[0]; nov.Value != "2026-11" || nov.Count != 3 {
		t.Fatalf("archives after publishing: %+v", after.Archives[0])
	}
}

func TestBlogListPagingToTheEnd(t *testing.T) {
	b := harness.StartOnFixtures(t)
	first := getBlogList(t, b.URL+"/api/v1/blog/all-tips-updates")
	if first.TotalResults < 30 || len(first.Posts) != 10 {
		t.Fatalf("total %d, %d posts", first.TotalResults, len(first.Posts))
	}
	seen := map[string]bool{}
	for offset := 0; offset < first.TotalResults; offset += 10 {
		for _, p := range getBlogList(t, b.URL+"/api/v1/blog/all-tips-updates?offset="+itoa(offset)).Posts {
			seen[p.ID] = true
		}
	}
	if len(seen) != first.TotalResults {
		t.Fatalf("paged through %d posts; want %d", len(seen), first.TotalResults)
	}
	for _, offset := range []int{first.TotalResults, first.TotalResults + 7} {
		l := getBlogList(t, b.URL+"/api/v1/blog/all-tips-updates?offset="+itoa(offset))
		if len(l.Posts) != 0 || l.TotalResults != first.TotalResults {
			t.Errorf("offset %d: %d posts, total %d", offset, len(l.Posts), l.TotalResults)
		}
	}
	topic := getBlogList(t, b.URL+"/api/v1/blog/all-tips-updates?topic=214")
	month := getBlogList(t, b.URL+"/api/v1/blog/all-tips-updates?date=2025-09")
	if topic.TotalResults == 0 || topic.TotalResults >= first.TotalResults || month.TotalResults != 2 {
		t.Errorf("topic 214: %d, 2025-09: %d", topic.TotalResults, month.TotalResults)
	}
	for target, want := range map[string]int{
		"/api/v1/blog/no-such-category":           404,
		"/api/v1/blog/all-tips-updates?topic=999": 400,
		"/api/v1/blog/all-tips-updates?offset=-1": 400,
		"/api/v1/blog/money-tips/999999":          404,
		"/api/v1/search?q=zzqxjv":                 200,
		"/api/v1/search?q=budget&type=nonsense":   400,
	} {
		if status, _, body := harness.Get(t, b.URL+target); status != want {
			t.Errorf("%s: status %d; want %d: %s", target, status, want, body)
		}
	}
}

// Results whose title holds the word come first, then those that only mention it; each group in
// the spec's order of types.
func TestSearchResultsComeTitledFirstThenInTypeOrder(t *testing.T) {
	b := harness.StartOnFixtures(t)
	rank := map[string]int{"benefit": 0, "category": 1, "page": 2, "landing": 3, "post": 4}
	tier := func(title string) int {
		if strings.Contains(strings.ToLower(title), "budget") {
			return 0
		}
		return 10
	}
	for _, typ := range []string{"all", "benefits", "blogpost"} {
		status, _, body := harness.Get(t, b.URL+"/api/v1/search?q=budget&type="+typ)
		if status != http.StatusOK {
			t.Fatalf("%s: status %d", typ, status)
		}
		var doc struct {
			TotalResults int
			Results      []struct{ Type, Title string }
		}
		if err := json.Unmarshal(body, &doc); err != nil {
			t.Fatal(err)
		}
		if doc.TotalResults == 0 {
			t.Fatalf("%s: no results for budget", typ)
		}
		last := -1
		for _, r := range doc.Results {
			rk, ok := rank[r.Type]
			if !ok {
				rk = 5
			}
			rk += tier(r.Title)
			if rk < last {
				t.Errorf("%s: %s %q out of order", typ, r.Type, r.Title)
			}
			last = rk
			if (typ == "benefits" && r.Type != "benefit") || (typ == "blogpost" && r.Type != "post") {
				t.Errorf("%s let a %s through", typ, r.Type)
			}
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// Search answers every reader alike, so the text of gated pages (members-only or limited to
// unions, whose fixtures start with a marker sentence) must never be in it.
func TestSearchNeverShowsTheTextOfGatedPages(t *testing.T) {
	b := harness.StartOnFixtures(t)
	for _, q := range []string{"only content", "members", "toolkit", "cwa", "union"} {
		status, _, body := harness.Get(t, b.URL+"/api/v1/search?q="+strings.ReplaceAll(q, " ", "+"))
		if status != http.StatusOK {
			t.Fatalf("%s: status %d", q, status)
		}
		if strings.Contains(string(body), "-ONLY-CONTENT") {
			t.Errorf("search for %q shows gated text: %s", q, body)
		}
	}
}

// The site's service pages are never results: the access-denied landing (the global variable's
// access_denied_landing) and the members' and eligibility pages, which only redirect.
func TestSearchLeavesOutServicePages(t *testing.T) {
	b := harness.StartOnFixtures(t)
	for _, q := range []string{"available", "benefits", "eligibility"} {
		status, _, body := harness.Get(t, b.URL+"/api/v1/search?q="+q)
		if status != http.StatusOK {
			t.Fatalf("%s: status %d", q, status)
		}
		var doc struct {
			TotalResults int
			Results      []struct{ URL string }
		}
		if err := json.Unmarshal(body, &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Results) == 0 {
			t.Fatalf("%s: no results at all", q)
		}
		for _, r := range doc.Results {
			switch r.URL {
			case "/benefit-not-available", "/union-member-benefits", "/union-member-eligibility":
				t.Errorf("%s: the service page %s is a result", q, r.URL)
			}
		}
		if doc.TotalResults < len(doc.Results) {
			t.Errorf("%s: total %d below the %d results shown", q, doc.TotalResults, len(doc.Results))
		}
	}
}
