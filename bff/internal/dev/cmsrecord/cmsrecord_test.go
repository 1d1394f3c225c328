package cmsrecord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
)

const fixtureDir = "../../../../fixtures/cms"

func options(t *testing.T) Options {
	return Options{Timeout: 5 * time.Second, Logger: slog.New(slog.NewTextHandler(t.Output(), nil))}
}

// decode reads a JSON file into generic values; numbers stay json.Number so no precision is lost.
func decode(t *testing.T, file string) any {
	t.Helper()
	body, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return v
}

// recordServed records the fixture CMS serving src into a new folder and checks the recording
// (assertRecording): it answers the files recorded, the folder and the requests made.
func recordServed(t *testing.T, src string) ([]string, string, *requestLog) {
	t.Helper()
	log := &requestLog{next: cmsfixture.NewHandler(src)}
	srv := httptest.NewServer(log)
	defer srv.Close()
	out := t.TempDir()
	if _, err := Record(t.Context(), srv.URL, out, options(t)); err != nil {
		t.Fatal(err)
	}
	return assertRecording(t, src, out), out, log
}

// assertRecording checks that every file in out equals its source in src: JSON semantically, and
// re-indented as the README asks; other files byte for byte.
func assertRecording(t *testing.T, src, out string) []string {
	t.Helper()
	var recorded []string
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		rel = filepath.ToSlash(rel)
		recorded = append(recorded, rel)
		if strings.HasSuffix(rel, ".tmp") || strings.HasPrefix(d.Name(), ".") {
			t.Errorf("left a temporary file %s", rel)
			return nil
		}
		want := filepath.Join(src, filepath.FromSlash(rel))
		if _, err := os.Stat(want); err != nil && computed(rel) {
			// A blog list, archive or search answer the source computed: it has no file to
			// equal; TestRecordReplaysIdentically shows it replays as it was computed.
			return nil
		}
		if filepath.Ext(rel) != ".json" {
			got, _ := os.ReadFile(p)
			wantBody, err := os.ReadFile(want)
			if err != nil || !bytes.Equal(got, wantBody) {
				t.Errorf("%s differs from its source (%v)", rel, err)
			}
			return nil
		}
		if !reflect.DeepEqual(decode(t, p), decode(t, want)) {
			t.Errorf("%s is not semantically equal to its source", rel)
		}
		body, _ := os.ReadFile(p)
		if !bytes.HasSuffix(body, []byte("}\n")) || !bytes.HasPrefix(body, []byte("{\n  \"")) {
			t.Errorf("%s is not indented with two spaces and a trailing newline", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return recorded
}

// computed reports whether rel is a recorded blog list, archive or search answer.
func computed(rel string) bool {
	return rel == "archives.json" || strings.HasPrefix(rel, "posts/") || strings.HasPrefix(rel, "search/")
}

func TestRecordFixtureCMS(t *testing.T) {
	srv := httptest.NewServer(cmsfixture.NewHandler(fixtureDir))
	defer srv.Close()
	out := t.TempDir()
	opts := options(t)
	// The BFF reads no page of union_structure_profile; the seed keeps it recorded.
	opts.Seed = fixtureDir
	if _, err := Record(t.Context(), srv.URL, out, opts); err != nil {
		t.Fatal(err)
	}
	recorded := assertRecording(t, fixtureDir, out)
	for _, want := range []string{
		"menu.json",
		"term/union.json",
		"term/blog_category.json",
		"term/blog_topic.json",
		"variable/union_structure_global.json",
		"variable/union_structure_social_media.json",
		"variable/union_structure_profile.json",
		"variable/union_structure_application_forms.json",
		"node/home/1072.json",
		"files/home/hero.svg",
		"files/unions/afscme.svg",
		"files/global/email-signup.svg",
	} {
		if !contains(recorded, want) {
			t.Errorf("%s was not recorded; got %v", want, recorded)
		}
	}
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// copyFixtures copies the repository's fixtures into a directory the test may change.
func copyFixtures(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "cms")
	if err := os.CopyFS(dir, os.DirFS(fixtureDir)); err != nil {
		t.Fatal(err)
	}
	return dir
}

func writeFile(t *testing.T, file, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// requestLog wraps a handler and notes every request it answers.
type requestLog struct {
	next http.Handler
	mu   sync.Mutex
	reqs []*http.Request
}

func (l *requestLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.mu.Lock()
	l.reqs = append(l.reqs, r.Clone(context.Background()))
	l.mu.Unlock()
	l.next.ServeHTTP(w, r)
}

func TestRecordMenuNodes(t *testing.T) {
	src := copyFixtures(t)
	// One menu link's page, with an image of its own, so the recorder has a menu node to find.
	writeFile(t, filepath.Join(src, "node/benefits/union-plus-credit-card.json"), `{
  "data": {
    "type": "node--benefit",
    "id": "6f1c2a9e-0000-4000-8000-000000001180",
    "attributes": {"nid": 1180, "title": "Union Credit Card", "path": {"alias": "/benefits/union-plus-credit-card"}},
    "relationships": {"hero_image": {"data": {"type": "file--image", "id": "9a4e6c10-0000-4000-8000-000000000099"}}}
  },
  "included": [
    {
      "type": "file--image",
      "id": "9a4e6c10-0000-4000-8000-000000000099",
      "attributes": {
        "uri": {"url": "/sites/default/files/benefits/card.svg"},
        "image_style_uri": {"800x490": "/sites/default/files/styles/800x490/public/benefits/card.svg?itok=Zx81"}
      }
    }
  ]
}`)
	writeFile(t, filepath.Join(src, "files/benefits/card.svg"), `<svg xmlns="http://www.w3.org/2000/svg"/>`)
	writeFile(t, filepath.Join(src, "files/styles/800x490/public/benefits/card.svg"), `<svg xmlns="http://www.w3.org/2000/svg" width="800"/>`)

	recorded, _, log := recordServed(t, src)
	for _, want := range []string{
		"node/benefits/union-plus-credit-card.json",
		"files/benefits/card.svg",
		"files/styles/800x490/public/benefits/card.svg",
	} {
		if !contains(recorded, want) {
			t.Errorf("%s was not recorded", want)
		}
	}

	nodes := map[string]int{}
	for _, r := range log.reqs {
		if strings.HasPrefix(r.URL.Path, "/api/") && r.Header.Get("Accept") != "application/vnd.api+json" {
			t.Errorf("%s sent Accept %q", r.URL, r.Header.Get("Accept"))
		}
		if r.URL.Path == "/api/v0/node" {
			nodes[r.URL.Query().Get("path")]++
		}
	}
	// benefits/mortgage-assistance is linked twice in the menu; external links are not pages.
	for path, n := range nodes {
		if n != 1 {
			t.Errorf("node %s requested %d times", path, n)
		}
		if strings.Contains(path, "travel.example.org") || strings.HasPrefix(path, "/") {
			t.Errorf("requested node path %q", path)
		}
	}
	for _, want := range []string{"home/1072", "benefits/mortgage-assistance", "job-loss-grant", "privacy-policy"} {
		if nodes[want] != 1 {
			t.Errorf("node %s was not requested", want)
		}
	}
}

func TestRecordFailsOnServerError(t *testing.T) {
	fixture := cmsfixture.NewHandler(fixtureDir)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("path") == "benefits/wireless" {
			http.Error(w, "boom", http.StatusBadGateway)
			return
		}
		fixture.ServeHTTP(w, r)
	}))
	defer srv.Close()
	_, err := Record(t.Context(), srv.URL, t.TempDir(), options(t))
	if err == nil || !strings.Contains(err.Error(), "path=benefits/wireless") {
		t.Errorf("Record: %v, want an error naming benefits/wireless", err)
	}
}

func TestRecordNeedsHome(t *testing.T) {
	if err := recordWithout(t, "node/home/1072.json"); !errors.Is(err, errNotFound) {
		t.Errorf("Record: %v, want not found", err)
	}
}

func TestRecordTimesOut(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	defer srv.Close()
	opts := options(t)
	opts.Timeout = 50 * time.Millisecond
	start := time.Now()
	_, err := Record(t.Context(), srv.URL, t.TempDir(), opts)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Record: %v, want a deadline error", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("Record took %s", time.Since(start))
	}
}

func TestRecordRejectsBadBaseURL(t *testing.T) {
	for _, base := range []string{"", "cms.example.org", "ftp://cms.example.org", "http://"} {
		if _, err := Record(t.Context(), base, t.TempDir(), options(t)); err == nil {
			t.Errorf("Record(%q): no error", base)
		}
	}
}

func TestFilePathStaysOnHost(t *testing.T) {
	base, _ := url.Parse("https://cms.example.org/")
	rec := &recorder{base: base, fileHosts: []string{base.Host}, files: map[string]bool{}}
	cases := map[string]string{
		"/sites/default/files/home/hero.svg":                          "/sites/default/files/home/hero.svg",
		"/sites/default/files/home/hero.svg?itok=abc":                 "/sites/default/files/home/hero.svg",
		"https://cms.example.org/sites/default/files/a/b.png":         "/sites/default/files/a/b.png",
		"https://cdn.example.net/sites/default/files/a/b.png":         "",
		"/sites/default/files/../../etc/passwd":                       "",
		"<p><img src=\"/sites/default/files/inline/x.png\"></p>":      "",
		"internal:/benefits/wireless":                                 "",
		"/sites/default/files/":                                       "",
		"https://cms.example.org/sites/default/files/styles/x/a.svg#": "/sites/default/files/styles/x/a.svg",
	}
	for in, want := range cases {
		got, ok := rec.filePath(in)
		if got != want || ok != (want != "") {
			t.Errorf("filePath(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestRecordBenefits(t *testing.T) {
	src := copyFixtures(t)
	// A listed benefit whose node is gone is skipped, like a menu link's.
	writeFile(t, filepath.Join(src, "benefits.json"), strings.Replace(readFile(t, filepath.Join(fixtureDir, "benefits.json")),
		`"alias": "/benefits/hotel-discounts"`, `"alias": "/benefits/retired-program"`, 1))
	recorded, out, log := recordServed(t, src)
	if !contains(recorded, "benefits.json") {
		t.Fatalf("benefits.json was not recorded")
	}

	// Every listed benefit's node is recorded once, menu-linked or not, with its images.
	var list struct {
		Data []struct {
			Attributes struct {
				Path struct{ Alias string } `json:"path"`
			} `json:"attributes"`
		} `json:"data"`
		Included []struct {
			Type       string `json:"type"`
			Attributes struct {
				URI struct{ URL string } `json:"uri"`
			} `json:"attributes"`
		} `json:"included"`
	}
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(out, "benefits.json"))), &list); err != nil {
		t.Fatal(err)
	}
	nodes := map[string]int{}
	for _, r := range log.reqs {
		if r.URL.Path == "/api/v0/node" {
			nodes[r.URL.Query().Get("path")]++
		}
	}
	if len(list.Data) == 0 {
		t.Fatal("benefits.json lists no benefits")
	}
	for _, b := range list.Data {
		p := strings.Trim(b.Attributes.Path.Alias, "/")
		if nodes[p] != 1 {
			t.Errorf("node %s requested %d times, want once", p, nodes[p])
		}
		if p != "benefits/retired-program" && !contains(recorded, "node/"+p+".json") {
			t.Errorf("node %s was not recorded", p)
		}
	}
	// benefits/tarjeta-de-credito is in no menu: only the list names it.
	if !contains(recorded, "node/benefits/tarjeta-de-credito.json") {
		t.Error("the list-only benefit benefits/tarjeta-de-credito was not recorded")
	}
	for _, inc := range list.Included {
		if inc.Type == "file--image" && !contains(recorded, "files/"+strings.TrimPrefix(inc.Attributes.URI.URL, "/sites/default/files/")) {
			t.Errorf("image %s was not recorded", inc.Attributes.URI.URL)
		}
	}
}

func TestRecordNeedsBenefits(t *testing.T) {
	if err := recordWithout(t, "benefits.json"); !errors.Is(err, errNotFound) || !strings.Contains(err.Error(), "/api/v0/benefits") {
		t.Errorf("Record: %v, want not found naming /api/v0/benefits", err)
	}
}

// recordWithout records the fixture CMS without one of its files and answers Record's error.
func recordWithout(t *testing.T, file string) error {
	t.Helper()
	src := copyFixtures(t)
	if err := os.Remove(filepath.Join(src, file)); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(cmsfixture.NewHandler(src))
	defer srv.Close()
	_, err := Record(t.Context(), srv.URL, t.TempDir(), options(t))
	return err
}

func readFile(t *testing.T, file string) string {
	t.Helper()
	body, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(body)
}
