package cmsfixture

import (
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// fixtureDir is the repository's recorded CMS, checked by TestRecordedFixtures.
const fixtureDir = "../../../../fixtures/cms"

// tempFixtures lays out a small fixture directory, one file per request shape.
func tempFixtures(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"menu.json":                            `{"data":[],"meta":{"count":0}}`,
		"term/union.json":                      `{"data":[{"type":"taxonomy_term--union","id":"u1"}]}`,
		"variable/union_structure_global.json": `{"data":{"type":"variable--variable","id":"union_structure_global"}}`,
		"node/home/1072.json":                  `{"data":{"type":"node--home","id":"n1"}}`,
		"node/benefits/wireless.json":          `{"data":{"type":"node--benefit","id":"n2"}}`,
		"files/home/hero.svg":                  `<svg xmlns="http://www.w3.org/2000/svg"/>`,
		"files/home/photo.png":                 "\x89PNG\r\n\x1a\n",
		"files/docs/guide.jpeg":                "\xff\xd8\xff",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func get(t *testing.T, h http.Handler, method, target string) *httptest.ResponseRecorder {
	t.Helper()
	rr := httptest.NewRecorder()
	h.ServeHTTP(rr, httptest.NewRequest(method, target, nil))
	return rr
}

func TestRequestShapes(t *testing.T) {
	dir := tempFixtures(t)
	h := NewHandler(dir)
	cases := []struct{ target, file string }{
		{"/api/v0/menu", "menu.json"},
		{"/api/v0/term?bundle=union", "term/union.json"},
		{"/api/v0/variable?state=union_structure_global", "variable/union_structure_global.json"},
		{"/api/v0/node?path=home/1072", "node/home/1072.json"},
		{"/api/v0/node?path=/home/1072/", "node/home/1072.json"},
		{"/api/v0/node?path=%2Fhome%2F1072", "node/home/1072.json"},
		{"/api/v0/node?path=benefits/wireless", "node/benefits/wireless.json"},
	}
	for _, c := range cases {
		rr := get(t, h, http.MethodGet, c.target)
		if rr.Code != http.StatusOK {
			t.Errorf("GET %s: status %d, body %s", c.target, rr.Code, rr.Body)
			continue
		}
		if ct := rr.Header().Get("Content-Type"); ct != ContentType {
			t.Errorf("GET %s: Content-Type %q", c.target, ct)
		}
		want, _ := os.ReadFile(filepath.Join(dir, c.file))
		if rr.Body.String() != string(want) {
			t.Errorf("GET %s: body %q, want %q", c.target, rr.Body, want)
		}
	}
}

func TestHead(t *testing.T) {
	h := NewHandler(tempFixtures(t))
	for _, target := range []string{"/api/v0/menu", "/sites/default/files/home/hero.svg", "/api/v0/nope"} {
		rr := get(t, h, http.MethodHead, target)
		if rr.Body.Len() != 0 {
			t.Errorf("HEAD %s: body %q, want none", target, rr.Body)
		}
		if rr.Header().Get("Content-Length") == "" {
			t.Errorf("HEAD %s: no Content-Length", target)
		}
	}
	if rr := get(t, h, http.MethodHead, "/api/v0/menu"); rr.Code != http.StatusOK {
		t.Errorf("HEAD menu: status %d", rr.Code)
	}
}

// assertError checks the JSON:API error document the CMS answers on failure.
func assertError(t *testing.T, rr *httptest.ResponseRecorder, what string, status int) {
	t.Helper()
	if rr.Code != status {
		t.Errorf("%s: status %d, want %d", what, rr.Code, status)
		return
	}
	if ct := rr.Header().Get("Content-Type"); ct != ContentType {
		t.Errorf("%s: Content-Type %q", what, ct)
	}
	var doc struct {
		Errors []struct{ Status, Title, Detail string } `json:"errors"`
	}
	if err := json.Unmarshal(rr.Body.Bytes(), &doc); err != nil {
		t.Errorf("%s: body %q: %v", what, rr.Body, err)
		return
	}
	if len(doc.Errors) != 1 || doc.Errors[0].Status != strconv.Itoa(status) ||
		doc.Errors[0].Title != http.StatusText(status) || doc.Errors[0].Detail == "" {
		t.Errorf("%s: error document %s", what, rr.Body)
	}
}

func TestNotFound(t *testing.T) {
	h := NewHandler(tempFixtures(t))
	for _, target := range []string{
		"/",
		"/api/v0/",
		"/api/v0/menus",
		"/api/v1/menu",
		"/api/v0/node",
		"/api/v0/node?path=",
		"/api/v0/node?path=/",
		"/api/v0/node?path=home/9999",
		"/api/v0/node?path=home",
		"/api/v0/node?path=home//1072",
		"/api/v0/term",
		"/api/v0/term?bundle=tags",
		"/api/v0/term?bundle=Union",
		"/api/v0/variable?state=site_name",
		"/sites/default/files/home/missing.svg",
		"/sites/default/files/home",
		"/sites/default/files/home/",
		"/sites/default/files/",
		"/sites/default/files",
	} {
		assertError(t, get(t, h, http.MethodGet, target), "GET "+target, http.StatusNotFound)
	}
}

func TestMethodNotAllowed(t *testing.T) {
	h := NewHandler(tempFixtures(t))
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions} {
		rr := get(t, h, m, "/api/v0/menu")
		assertError(t, rr, m, http.StatusMethodNotAllowed)
		if allow := rr.Header().Get("Allow"); allow != "GET, HEAD" {
			t.Errorf("%s: Allow %q", m, allow)
		}
	}
}

func TestTraversalRefused(t *testing.T) {
	dir := tempFixtures(t)
	// A secret beside the fixture directory, and a symlink inside files/ that points out of it.
	secret := filepath.Join(filepath.Dir(dir), "secret.txt")
	if err := os.WriteFile(secret, []byte("s3cr3t-content"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(secret) })
	if err := os.Symlink(filepath.Join(dir, "menu.json"), filepath.Join(dir, "files", "menu.json")); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewHandler(dir))
	defer srv.Close()
	for _, target := range []string{
		"/sites/default/files/../menu.json",
		"/sites/default/files/home/../../menu.json",
		"/sites/default/files/%2e%2e/menu.json",
		"/sites/default/files/..%2fmenu.json",
		"/sites/default/files/home/..%2f..%2f..%2fsecret.txt",
		"/sites/default/files/./home/hero.svg",
		"/sites/default/files//home/hero.svg",
		"/sites/default/files/menu.json",
		"/api/v0/node?path=../menu",
		"/api/v0/node?path=..%2F..%2Fmenu",
		"/api/v0/node?path=home/..%2F..%2Fmenu",
		"/api/v0/term?bundle=../menu",
		"/api/v0/variable?state=..%2F..%2Fsecret",
	} {
		req, err := http.NewRequest(http.MethodGet, srv.URL+target, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound || strings.Contains(string(body), "s3cr3t-content") || strings.Contains(string(body), `"data"`) {
			t.Errorf("GET %s: status %d, body %s; want a 404 error document", target, resp.StatusCode, body)
		}
	}
}

func TestFileContentTypes(t *testing.T) {
	h := NewHandler(tempFixtures(t))
	cases := map[string]string{
		"/sites/default/files/home/hero.svg":             "image/svg+xml",
		"/sites/default/files/home/hero.svg?itok=a1B2c3": "image/svg+xml",
		"/sites/default/files/home/photo.png":            "image/png",
		"/sites/default/files/docs/guide.jpeg":           "image/jpeg",
	}
	for target, want := range cases {
		rr := get(t, h, http.MethodGet, target)
		if rr.Code != http.StatusOK {
			t.Errorf("GET %s: status %d", target, rr.Code)
			continue
		}
		if ct := rr.Header().Get("Content-Type"); ct != want {
			t.Errorf("GET %s: Content-Type %q, want %q", target, ct, want)
		}
		if rr.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: missing nosniff", target)
		}
	}
}

func TestHealthz(t *testing.T) {
	rr := get(t, NewHandler(t.TempDir()), http.MethodGet, "/healthz")
	if rr.Code != http.StatusOK || !strings.Contains(rr.Body.String(), "ok") {
		t.Errorf("healthz: status %d, body %s", rr.Code, rr.Body)
	}
}

func TestReadsEveryRequest(t *testing.T) {
	dir := tempFixtures(t)
	h := NewHandler(dir)
	get(t, h, http.MethodGet, "/api/v0/menu")
	changed := `{"data":[{"type":"menu_link_content--menu_link_content","id":"m1"}]}`
	if err := os.WriteFile(filepath.Join(dir, "menu.json"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	if rr := get(t, h, http.MethodGet, "/api/v0/menu"); rr.Body.String() != changed {
		t.Errorf("after an edit: body %s, want %s", rr.Body, changed)
	}
}

// TestRecordedFixtures checks the repository's fixtures: every document parses, its resource ids
// are unique, every relationship points at a resource the document carries, nothing in included
// is unreferenced, and every file--image it names is served.
func TestRecordedFixtures(t *testing.T) {
	h := NewHandler(fixtureDir)
	var docs int
	typeOf := map[string]string{} // a UUID names one resource across every document
	err := filepath.WalkDir(fixtureDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".json" {
			return err
		}
		docs++
		rel, _ := filepath.Rel(fixtureDir, p)
		for _, r := range checkDocument(t, h, filepath.ToSlash(rel), p) {
			if r.Type == "variable--variable" {
				continue // its id is the state name
			}
			if !uuidV4.MatchString(r.ID) {
				t.Errorf("%s: %s id %q is not a v4 UUID", rel, r.Type, r.ID)
			}
			if prev, ok := typeOf[r.ID]; ok && prev != r.Type {
				t.Errorf("%s: id %s is a %s here and a %s elsewhere", rel, r.ID, r.Type, prev)
			}
			typeOf[r.ID] = r.Type
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if docs < 9 {
		t.Errorf("found %d fixture documents, want at least 9", docs)
	}
	for _, target := range []string{
		"/api/v0/menu",
		"/api/v0/term?bundle=union",
		"/api/v0/term?bundle=blog_category",
		"/api/v0/term?bundle=blog_topic",
		"/api/v0/variable?state=union_structure_global",
		"/api/v0/variable?state=union_structure_social_media",
		"/api/v0/variable?state=union_structure_profile",
		"/api/v0/variable?state=union_structure_application_forms",
		"/api/v0/node?path=home/1072",
	} {
		if rr := get(t, h, http.MethodGet, target); rr.Code != http.StatusOK {
			t.Errorf("GET %s: status %d", target, rr.Code)
		}
	}
}

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

type resource struct {
	Type          string                     `json:"type"`
	ID            string                     `json:"id"`
	Attributes    map[string]json.RawMessage `json:"attributes"`
	Relationships map[string]struct {
		Data json.RawMessage `json:"data"`
	} `json:"relationships"`
}

type identifier struct{ Type, ID string }

// checkDocument checks one fixture document and returns its resources.
func checkDocument(t *testing.T, h http.Handler, rel, file string) []resource {
	t.Helper()
	body, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Data     json.RawMessage `json:"data"`
		Included []resource      `json:"included"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Errorf("%s: %v", rel, err)
		return nil
	}
	var primary []resource
	if strings.HasPrefix(strings.TrimSpace(string(doc.Data)), "[") {
		err = json.Unmarshal(doc.Data, &primary)
	} else {
		var one resource
		err = json.Unmarshal(doc.Data, &one)
		primary = []resource{one}
	}
	if err != nil {
		t.Errorf("%s: data: %v", rel, err)
		return nil
	}
	all := append(primary, doc.Included...)
	have := map[identifier]bool{}
	for _, r := range all {
		id := identifier{r.Type, r.ID}
		if r.Type == "" || r.ID == "" {
			t.Errorf("%s: resource without type or id: %+v", rel, id)
		}
		if have[id] {
			t.Errorf("%s: %s %s appears twice", rel, r.Type, r.ID)
		}
		have[id] = true
	}
	referenced := map[identifier]bool{}
	for _, r := range all {
		for name, relship := range r.Relationships {
			var targets []identifier
			raw := strings.TrimSpace(string(relship.Data))
			switch {
			case raw == "null":
			case strings.HasPrefix(raw, "["):
				err = json.Unmarshal(relship.Data, &targets)
			default:
				var one identifier
				err = json.Unmarshal(relship.Data, &one)
				targets = []identifier{one}
			}
			if err != nil {
				t.Errorf("%s: %s %s: relationship %s: %v", rel, r.Type, r.ID, name, err)
			}
			for _, target := range targets {
				referenced[target] = true
				if !have[target] {
					t.Errorf("%s: %s %s: relationship %s points at %s %s, which the document does not carry", rel, r.Type, r.ID, name, target.Type, target.ID)
				}
			}
		}
	}
	for _, r := range doc.Included {
		if !referenced[identifier{r.Type, r.ID}] {
			t.Errorf("%s: included %s %s is not referenced", rel, r.Type, r.ID)
		}
		if r.Type != "file--image" {
			continue
		}
		var uri struct{ URL string }
		_ = json.Unmarshal(r.Attributes["uri"], &uri)
		var styles map[string]string
		_ = json.Unmarshal(r.Attributes["image_style_uri"], &styles)
		for _, u := range append([]string{uri.URL}, mapValues(styles)...) {
			if rr := get(t, h, http.MethodGet, u); rr.Code != http.StatusOK || !strings.HasPrefix(rr.Header().Get("Content-Type"), "image/") {
				t.Errorf("%s: file %s %s: GET %s: status %d, type %q", rel, r.ID, uri.URL, u, rr.Code, rr.Header().Get("Content-Type"))
			}
		}
	}
	return all
}

func mapValues(m map[string]string) []string {
	var vs []string
	for _, v := range m {
		vs = append(vs, v)
	}
	return vs
}

// TestBenefits checks GET /api/v0/benefits: it replays benefits.json (404 when there is none), and
// in the repository's fixtures every listed benefit agrees with its node file.
func TestBenefits(t *testing.T) {
	dir := tempFixtures(t)
	h := NewHandler(dir)
	assertError(t, get(t, h, http.MethodGet, "/api/v0/benefits"), "GET benefits without a file", http.StatusNotFound)
	list := `{"data":[{"type":"node--benefit","id":"n2"}],"meta":{"count":1}}`
	if err := os.WriteFile(filepath.Join(dir, "benefits.json"), []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"/api/v0/benefits", "/api/v0/benefits?page=2"} {
		rr := get(t, h, http.MethodGet, target)
		if rr.Code != http.StatusOK || rr.Body.String() != list || rr.Header().Get("Content-Type") != ContentType {
			t.Errorf("GET %s: status %d, type %q, body %s", target, rr.Code, rr.Header().Get("Content-Type"), rr.Body)
		}
	}
	if rr := get(t, h, http.MethodHead, "/api/v0/benefits"); rr.Code != http.StatusOK || rr.Body.Len() != 0 {
		t.Errorf("HEAD benefits: status %d, body %q", rr.Code, rr.Body)
	}
	assertError(t, get(t, h, http.MethodGet, "/api/v0/benefits/1180"), "GET benefits/1180", http.StatusNotFound)

	// The repository's list: one entry per benefit node, with the node's id, teaser fields and
	// relationships, so a card and the page it links to never disagree.
	var doc struct {
		Data []resource `json:"data"`
		Meta struct {
			Count int `json:"count"`
		} `json:"meta"`
	}
	rr := get(t, NewHandler(fixtureDir), http.MethodGet, "/api/v0/benefits")
	if rr.Code != http.StatusOK {
		t.Fatalf("GET /api/v0/benefits: status %d", rr.Code)
	}
	if err := json.Unmarshal(rr.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Data) == 0 || doc.Meta.Count != len(doc.Data) {
		t.Errorf("benefits: %d resources, meta.count %d", len(doc.Data), doc.Meta.Count)
	}
	for _, b := range doc.Data {
		var p struct{ Alias string }
		_ = json.Unmarshal(b.Attributes["path"], &p)
		rr := get(t, NewHandler(fixtureDir), http.MethodGet, "/api/v0/node?path="+p.Alias)
		if b.Type != "node--benefit" || rr.Code != http.StatusOK {
			t.Errorf("benefit %s %s: GET node %q: status %d", b.Type, b.ID, p.Alias, rr.Code)
			continue
		}
		var node struct{ Data resource }
		if err := json.Unmarshal(rr.Body.Bytes(), &node); err != nil {
			t.Errorf("node %s: %v", p.Alias, err)
			continue
		}
		if node.Data.ID != b.ID || node.Data.Type != b.Type {
			t.Errorf("benefit %s: node %s is %s %s", b.ID, p.Alias, node.Data.Type, node.Data.ID)
		}
		for name, v := range b.Attributes {
			if !jsonEqual(v, node.Data.Attributes[name]) {
				t.Errorf("benefit %s: attribute %s is %s, the node has %s", p.Alias, name, v, node.Data.Attributes[name])
			}
		}
		for name, rel := range b.Relationships {
			if !jsonEqual(rel.Data, node.Data.Relationships[name].Data) {
				t.Errorf("benefit %s: relationship %s is %s, the node has %s", p.Alias, name, rel.Data, node.Data.Relationships[name].Data)
			}
		}
	}
}

func jsonEqual(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return string(xb) == string(yb)
}
