package cmsrecord

import (
	"bytes"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
)

// TestRecordReplaysIdentically records the fixture CMS serving the repository's fixtures, serves
// the recording with a second fixture CMS, and builds every page's BFF document through the
// BFF's own services against both: each must be equal, so a recording behaves as its source did.
// The recording is consistent (cmsfixture.Check), changes no committed file, removes none, adds
// only the blog list, archive and search answers the source computed, and those are replayed.
func TestRecordReplaysIdentically(t *testing.T) {
	src := copyFixtures(t)
	srv := httptest.NewServer(cmsfixture.NewHandler(src))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "recorded")
	opts := options(t)
	opts.Seed = src
	opts.PreviewToken = cmsfixture.PreviewToken
	// The fixtures name some files on the public host, as a CMS behind a CDN does.
	opts.FileHosts = []string{"cms.example.org"}
	live, err := Record(t.Context(), srv.URL, out, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range cmsfixture.Check(out) {
		t.Errorf("recording: %s", p)
	}

	want := dirDocuments(t, src, opts)
	got := dirDocuments(t, out, opts)
	// Every kind of page is there, so a walk that lost one would show.
	kinds := map[string]int{}
	for k := range want {
		kinds[strings.SplitN(k, " ", 2)[0]]++
	}
	for _, k := range []string{"site", "sitemap", "page", "blog", "search", "form", "eligibility", "car", "draft", "variable"} {
		if kinds[k] == 0 {
			t.Errorf("no %s document was built; kinds: %v", k, kinds)
		}
	}
	for _, p := range []string{
		"page /livestream/member-town-hall member|58|fallback",
		"page /benefits/hotel-discounts anonymous|58|fallback",
		"page /style-guide anonymous|58|fallback",
		"draft /home/1072/1073",
		"draft /benefits/wireless/1191",
	} {
		if _, ok := want[p]; !ok {
			t.Errorf("%s was not visited", p)
		}
	}
	var s Summary
	s.ComparePages(want, got)
	if !s.Empty() {
		var b bytes.Buffer
		s.Write(&b)
		t.Errorf("the recording renders differently from its source:\n%s", b.String())
	}
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if !bytes.Equal(live[k], want[k]) {
			t.Errorf("%s: built against the CMS while recording and from its files differ", k)
		}
	}

	files, err := CompareFiles(src, out)
	if err != nil {
		t.Fatal(err)
	}
	if len(files.Changed)+len(files.Removed) > 0 {
		t.Errorf("recording the fixtures changed %v and removed %v", files.Changed, files.Removed)
	}
	h := cmsfixture.NewHandler(out)
	for _, f := range files.Added {
		if !computed(f) {
			t.Errorf("added %s, which the source has no file of yet serves", f)
			continue
		}
		uri := "/api/v0/archives"
		if f != "archives.json" {
			dir, name := filepath.Split(strings.TrimSuffix(f, ".json"))
			uri = "/api/v0/" + strings.Trim(dir, "/") + "?" + strings.ReplaceAll(name, ",", "&")
		}
		rr := httptest.NewRecorder()
		h.ServeHTTP(rr, httptest.NewRequest(http.MethodGet, uri, nil))
		if rr.Code != http.StatusOK || rr.Header().Get(cmsfixture.AnswerHeader) != "recorded" {
			t.Errorf("GET %s on the recording: status %d, %s %q; want the recorded answer", uri, rr.Code, cmsfixture.AnswerHeader, rr.Header().Get(cmsfixture.AnswerHeader))
		}
	}
	if len(files.Added) < 10 {
		t.Errorf("added %v; want the blog lists, archives and searches", files.Added)
	}
}

// TestSummary: a re-recording that changed a page, dropped a file and added one says so, by file
// and by page, and Install makes the fixtures the recording.
func TestSummary(t *testing.T) {
	was := copyFixtures(t)
	got := copyFixtures(t)
	writeFile(t, filepath.Join(got, "node/faq.json"), strings.Replace(readFile(t, filepath.Join(got, "node/faq.json")), `"title": "`, `"title": "New `, 1))
	if err := os.Remove(filepath.Join(got, "node/about-us.json")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(got, "files/new/logo.svg"), `<svg xmlns="http://www.w3.org/2000/svg"/>`)
	if err := os.Remove(filepath.Join(got, "README.md")); err != nil {
		t.Fatal(err)
	}
	s, err := CompareFiles(was, got)
	if err != nil {
		t.Fatal(err)
	}
	opts := options(t)
	a := dirDocuments(t, was, opts)
	b := dirDocuments(t, got, opts)
	s.ComparePages(a, b)
	if !slices.Equal(s.Added, []string{"files/new/logo.svg"}) || !slices.Equal(s.Changed, []string{"node/faq.json"}) ||
		!slices.Equal(s.Removed, []string{"node/about-us.json"}) {
		t.Errorf("files: added %v, changed %v, removed %v", s.Added, s.Changed, s.Removed)
	}
	if !slices.Contains(s.PagesChanged, "page /faq anonymous|58|fallback") || !slices.Contains(s.PagesChanged, "page /about-us member|58|fallback") {
		t.Errorf("pages changed: %v", s.PagesChanged)
	}
	var text bytes.Buffer
	s.Write(&text)
	for _, want := range []string{"1 added, 1 changed, 1 removed files", "  node/faq.json\n", "Pages whose BFF document changed"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, text.String())
		}
	}
	if err := Install(got, was, s); err != nil {
		t.Fatal(err)
	}
	after, err := CompareFiles(was, got)
	if err != nil {
		t.Fatal(err)
	}
	if len(after.Added)+len(after.Changed)+len(after.Removed) > 0 {
		t.Errorf("after Install: %+v", after)
	}
	if _, err := os.Stat(filepath.Join(was, "README.md")); err != nil {
		t.Errorf("Install removed the README: %v", err)
	}
}

// dirDocuments is DirDocuments of dir; the test fails on its error.
func dirDocuments(t *testing.T, dir string, opts Options) Documents {
	t.Helper()
	docs, err := DirDocuments(t.Context(), dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	return docs
}
