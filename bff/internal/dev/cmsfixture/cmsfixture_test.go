package cmsfixture

import (
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
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

// TestRecordedFixtures checks the repository's fixtures with Check (no dangling reference, every
// referenced file served, every draft, listed post and search hit backed by its file; see Check),
// and that the fixture CMS answers every request a page needs.
func TestRecordedFixtures(t *testing.T) {
	h := NewHandler(fixtureDir)
	for _, p := range Check(fixtureDir) {
		t.Error(p)
	}
	var docs int
	_ = filepath.WalkDir(fixtureDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".json" {
			docs++
		}
		return err
	})
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
		"/api/v0/eligibility",
		"/api/v0/truecar-make",
		"/api/v0/benefits",
	} {
		if rr := get(t, h, http.MethodGet, target); rr.Code != http.StatusOK {
			t.Errorf("GET %s: status %d", target, rr.Code)
		}
	}
}

// TestCheckFindsProblems plants each kind of inconsistency Check must catch in a copy of the
// fixtures, so a check that silently stopped looking would fail here.
func TestCheckFindsProblems(t *testing.T) {
	dir := tempFixtures(t)
	write := func(rel, body string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const post = `{"type":"node--post","id":"6f1c2a9e-0000-4000-8000-000000009999","attributes":{"nid":9999}}`
	write("revision/no-such-page/1.json", `{"data":{"type":"node--page","id":"6f1c2a9e-0000-4000-8000-000000008888"}}`)
	write("posts/limit=10,offset=0.json", `{"data":[`+post+`]}`)
	write("search/keywords=x,page=0,type=all.json", `{"data":[{"type":"search_result--search_result","id":"s1","attributes":{"type":"page","nid":1,"path":"/gone"}}]}`)
	write("variable/extra.json", `{"data":{"type":"variable--variable","id":"extra","attributes":{"img":"https://cms.example.org/sites/default/files/nowhere.png"}}}`)
	// A page whose content links to a missing page twice (a link field, rich text), and to pages
	// that exist (a node with a query, an app route, another site, a phone number).
	write("node/links.json", `{"data":{"type":"node--page","id":"6f1c2a9e-0000-4000-8000-000000006666","attributes":{`+
		`"cta":{"uri":"internal:/no-such-page"},"more":{"uri":"internal:/benefits/wireless?x=1"},"shop":{"uri":"internal:/store"},`+
		`"body":{"processed":"<a href=\"/no-such-article\">x</a> <a href=\"/benefits/wireless#top\">y</a> <a href=\"https://example.org/z\">z</a> <a href=\"tel:+18005550100\">t</a>"}}}}`)
	write("node/dangling.json", `{"data":{"type":"node--page","id":"6f1c2a9e-0000-4000-8000-000000007777","relationships":{"hero_image":{"data":{"type":"file--image","id":"9a4e6c10-0000-4000-8000-000000007777"}}}}}`)
	// A menu with one dead internal link among links to a node fixture (with a query and a
	// trailing slash), to the app's own routes and to another site.
	menuLink := func(mlid, uri string) string {
		return `{"type":"menu_link_content--menu_link_content","id":"1d6e8b53-0000-4000-8000-00000000` + mlid + `",` +
			`"attributes":{"mlid":` + mlid + `,"menu_name":"main","title":"Link ` + mlid + `","link":{"uri":"` + uri + `"}}}`
	}
	write("menu.json", `{"data":[`+strings.Join([]string{
		menuLink("9001", "internal:/benefits/no-such-benefit"),
		menuLink("9002", "internal:/benefits/wireless/?utm_source=menu"),
		menuLink("9003", "internal:/job-loss-grant"),
		menuLink("9004", "internal:/form/hospital-grant"),
		menuLink("9005", "internal:/blog/money-tips"),
		menuLink("9006", "internal:/"),
		menuLink("9007", "https://travel.example.org/union-benefits"),
	}, ",")+`],"meta":{"count":7}}`)
	problems := strings.Join(Check(dir), "\n")
	for _, want := range []string{
		"revision/no-such-page/1.json: a draft of no-such-page",
		"posts/limit=10,offset=0.json: lists post 9999",
		"search/keywords=x,page=0,type=all.json: finds page /gone",
		"variable/extra.json: names the file /sites/default/files/nowhere.png",
		"node/dangling.json: node--page 6f1c2a9e-0000-4000-8000-000000007777: relationship hero_image points at file--image",
		`menu.json: menu link 9001 ("Link 9001") leads to /benefits/no-such-benefit, which has no node/benefits/no-such-benefit.json`,
		"node/links.json: links to /no-such-page, which has no node/no-such-page.json",
		"node/links.json: links to /no-such-article, which has no node/no-such-article.json",
	} {
		if !strings.Contains(problems, want) {
			t.Errorf("Check did not report %q; it reported:\n%s", want, problems)
		}
	}
	for _, live := range []string{"9002", "9003", "9004", "9005", "9006", "9007"} {
		if strings.Contains(problems, "menu link "+live+" ") {
			t.Errorf("Check reported menu link %s, which leads to a page; it reported:\n%s", live, problems)
		}
	}
	if n := strings.Count(problems, "node/links.json: links to"); n != 2 {
		t.Errorf("Check reported %d dead links of node/links.json, want the 2 planted; it reported:\n%s", n, problems)
	}
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
		Data []fixtureResource `json:"data"`
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
		var node struct{ Data fixtureResource }
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
