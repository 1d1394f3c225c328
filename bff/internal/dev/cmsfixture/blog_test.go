package cmsfixture

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// collection is the part of a list answer these tests read.
type collection struct {
	Data []struct {
		Type       string         `json:"type"`
		ID         string         `json:"id"`
		Attributes map[string]any `json:"attributes"`
	} `json:"data"`
	Included []struct{ Type, ID string } `json:"included"`
	Meta     struct{ Count int }         `json:"meta"`
}

func list(t *testing.T, target string) collection {
	t.Helper()
	rr := get(t, NewHandler(fixtureDir), http.MethodGet, target)
	if rr.Code != http.StatusOK {
		t.Fatalf("%s: status %d: %s", target, rr.Code, rr.Body)
	}
	if ct := rr.Header().Get("Content-Type"); ct != ContentType {
		t.Fatalf("%s: content type %q", target, ct)
	}
	var c collection
	if err := json.Unmarshal(rr.Body.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestPostsListFiltersAndPages(t *testing.T) {
	all := list(t, "/api/v0/posts")
	if all.Meta.Count < 30 || len(all.Data) != 10 {
		t.Fatalf("every post: count %d, %d on the first page; want at least 30 and 10", all.Meta.Count, len(all.Data))
	}
	prev := "9999"
	for _, d := range all.Data {
		created, _ := d.Attributes["created"].(string)
		if created > prev {
			t.Errorf("post %s is newer than the one before it", d.ID)
		}
		prev = created
	}
	seen := map[string]bool{}
	pages := 0
	for offset := 0; offset < all.Meta.Count; offset += 10 {
		for _, d := range list(t, "/api/v0/posts?offset="+itoa(offset)).Data {
			if seen[d.ID] {
				t.Errorf("post %s on two pages", d.ID)
			}
			seen[d.ID] = true
		}
		pages++
	}
	if len(seen) != all.Meta.Count {
		t.Errorf("paging gave %d posts; want %d", len(seen), all.Meta.Count)
	}
	for _, target := range []string{"/api/v0/posts?offset=" + itoa(all.Meta.Count), "/api/v0/posts?offset=" + itoa(all.Meta.Count+25)} {
		if c := list(t, target); len(c.Data) != 0 || c.Meta.Count != all.Meta.Count {
			t.Errorf("%s: %d posts, count %d; want none and %d", target, len(c.Data), c.Meta.Count, all.Meta.Count)
		}
	}

	byCat := 0
	for _, cat := range []string{"201", "202", "203"} {
		c := list(t, "/api/v0/posts?category="+cat+"&limit=50")
		byCat += c.Meta.Count
		if c.Meta.Count == 0 || len(c.Data) != c.Meta.Count {
			t.Errorf("category %s: count %d, %d posts", cat, c.Meta.Count, len(c.Data))
		}
	}
	if byCat != all.Meta.Count {
		t.Errorf("categories hold %d posts; want %d", byCat, all.Meta.Count)
	}
	topic := list(t, "/api/v0/posts?topic=212&limit=50")
	if topic.Meta.Count == 0 || topic.Meta.Count >= all.Meta.Count {
		t.Errorf("topic 212: count %d", topic.Meta.Count)
	}
	month := list(t, "/api/v0/posts?date=2026-03")
	for _, d := range month.Data {
		if created, _ := d.Attributes["created"].(string); created[:7] != "2026-03" {
			t.Errorf("date filter let %s through", created)
		}
	}
	if month.Meta.Count == 0 {
		t.Error("no posts in 2026-03")
	}
}

func TestPostsBadParametersAre400(t *testing.T) {
	h := NewHandler(fixtureDir)
	for _, target := range []string{
		"/api/v0/posts?offset=-1", "/api/v0/posts?offset=x", "/api/v0/posts?limit=0", "/api/v0/posts?limit=51",
		"/api/v0/posts?category=money", "/api/v0/posts?topic=a1", "/api/v0/posts?date=2026-13",
		"/api/v0/search?keywords=x&type=video", "/api/v0/search?keywords=x&page=-1",
	} {
		if rr := get(t, h, http.MethodGet, target); rr.Code != http.StatusBadRequest {
			t.Errorf("%s: status %d; want 400", target, rr.Code)
		}
	}
}

func TestPostByID(t *testing.T) {
	h := NewHandler(fixtureDir)
	if rr := get(t, h, http.MethodGet, "/api/v0/post?id=5512"); rr.Code != http.StatusOK {
		t.Fatalf("status %d", rr.Code)
	}
	for _, id := range []string{"1", "", "../menu", "5512.json"} {
		if rr := get(t, h, http.MethodGet, "/api/v0/post?id="+id); rr.Code != http.StatusNotFound {
			t.Errorf("id %q: status %d; want 404", id, rr.Code)
		}
	}
}

func TestArchivesCountEveryPost(t *testing.T) {
	a := list(t, "/api/v0/archives")
	total, years := 0, map[float64]bool{}
	prev := "9999-99"
	for _, d := range a.Data {
		if d.Type != "archive--month" || d.ID >= prev {
			t.Errorf("archive %s %s out of order", d.Type, d.ID)
		}
		prev = d.ID
		total += int(d.Attributes["count"].(float64))
		years[d.Attributes["year"].(float64)] = true
	}
	if all := list(t, "/api/v0/posts"); total != all.Meta.Count {
		t.Errorf("archives count %d posts; want %d", total, all.Meta.Count)
	}
	if !years[2025] || !years[2026] {
		t.Errorf("years %v; want 2025 and 2026", years)
	}
}

func TestSearchOverFixtureContent(t *testing.T) {
	all := list(t, "/api/v0/search?keywords=budget&type=all&page=0")
	types := map[string]int{}
	for _, d := range all.Data {
		types[d.Attributes["type"].(string)]++
		if d.Type != "search_result--search_result" {
			t.Errorf("type %s", d.Type)
		}
	}
	if types["post"] == 0 || types["benefit"] == 0 || all.Meta.Count != len(all.Data) {
		t.Fatalf("budget: types %v, count %d", types, all.Meta.Count)
	}
	if len(all.Included) == 0 {
		t.Error("search results carry no images")
	}
	benefits := list(t, "/api/v0/search?keywords=budget&type=benefits")
	posts := list(t, "/api/v0/search?keywords=BUDGET&type=blogpost")
	if benefits.Meta.Count != types["benefit"] || posts.Meta.Count != types["post"] {
		t.Errorf("benefits %d, posts %d; want %d and %d", benefits.Meta.Count, posts.Meta.Count, types["benefit"], types["post"])
	}
	// Every word must match; any term works, including one no fixture holds.
	if c := list(t, "/api/v0/search?keywords=budget+xyzzyq"); c.Meta.Count != 0 || len(c.Data) != 0 {
		t.Errorf("nonsense term matched %d", c.Meta.Count)
	}
	if c := list(t, "/api/v0/search?keywords=budget&page=5"); len(c.Data) != 0 || c.Meta.Count != all.Meta.Count {
		t.Errorf("page past the end: %d results, count %d", len(c.Data), c.Meta.Count)
	}
	if c := list(t, "/api/v0/search?keywords="); c.Meta.Count != 0 {
		t.Errorf("empty keywords matched %d", c.Meta.Count)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestRecordedAnswersReplay: a list, archive or search answer recorded for a query is replayed
// as it was recorded, even where the posts would compute another; any other query is computed,
// and the answer says which.
func TestRecordedAnswersReplay(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(fixtureDir)); err != nil {
		t.Fatal(err)
	}
	recorded := map[string]string{
		"/api/v0/posts?category=201&limit=10&offset=0": "posts/category=201,limit=10,offset=0.json",
		"/api/v0/archives": "archives.json",
		"/api/v0/search?keywords=Workers%27+Rights&page=0&type=all": "search/keywords=Workers%27+Rights,page=0,type=all.json",
	}
	for target, file := range recorded {
		u, _ := url.Parse(target)
		got, ok := RecordedFile(strings.TrimPrefix(u.Path, "/api/v0/"), u.Query())
		if !ok || got != file {
			t.Fatalf("RecordedFile(%s) = %q, %v; want %q", target, got, ok, file)
		}
		body := `{"data":[],"meta":{"count":0},"links":{"self":{"href":"recorded ` + file + `"}}}` + "\n"
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, file)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, file), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		rr := get(t, NewHandler(dir), http.MethodGet, target)
		if rr.Code != http.StatusOK || rr.Body.String() != body || rr.Header().Get(AnswerHeader) != "recorded" {
			t.Errorf("GET %s: status %d, %s %q, body %s; want the recording", target, rr.Code, AnswerHeader, rr.Header().Get(AnswerHeader), rr.Body)
		}
	}
	// Another page of the same list was never recorded: computed from the posts.
	rr := get(t, NewHandler(dir), http.MethodGet, "/api/v0/posts?category=201&limit=10&offset=10")
	var c collection
	if err := json.Unmarshal(rr.Body.Bytes(), &c); err != nil || rr.Header().Get(AnswerHeader) != "computed" || len(c.Data) != 5 || c.Meta.Count != 15 {
		t.Errorf("unrecorded page: %s %q, %d posts of %d (%v); want computed, 5 of 15", AnswerHeader, rr.Header().Get(AnswerHeader), len(c.Data), c.Meta.Count, err)
	}
}
