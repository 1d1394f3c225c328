package cmsfixture

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// uuidV4 is the shape of every resource id but a variable's (its id is its state name).
var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// richTextLinkRE finds a site-relative link inside rich text: href="/..." (not "//host").
var richTextLinkRE = regexp.MustCompile(`href="(/[^/"][^"]*|/)"`)

// fileRefRE finds a reference to a CMS file inside any string: an image's uri, an image style,
// a URL in a variable, an <img src> in rich text.
var fileRefRE = regexp.MustCompile(`/sites/default/files/[^\s"'<>()?#,]+`)

type identifier struct{ Type, ID string }

// appRoutes are the site paths the frontend serves from its own routes (frontend/app/(site)),
// not from a CMS node, so no node fixture has their alias and a menu may still link to them
// (spec 1 §2's route table). A path ending in "/" stands for every path beneath it (dynamic
// segments such as /form/{id}); any other is one page. Routes no menu should lead to are left
// out: /test (development only), /preview (editors' tool), /error (the error page itself).
// Keep this list in step with the app's routes: Check reports a menu link to any other path
// that has no node fixture.
var appRoutes = []string{
	"/",               // home (its content is node/home/1072)
	"/account",        // the account area
	"/account/",       // its tabs and favorites
	"/blog",           // redirects to the list of every category
	"/blog/",          // blog lists and posts (term/blog_category.json, post/)
	"/form/",          // grant forms, by form id (contracts/grants.json)
	"/job-loss-grant", // the job loss grant pre-check
	"/login/partner/", // partner login
	"/plusmore",       // sign-up landing page
	"/plusmore-email", // email sign-up landing page
	"/reset",          // password reset
	"/search",         // search
	"/store",          // the store
	"/store/checkout", // its checkout
}

// isAppRoute reports whether the site path p (no query, no trailing slash) is one of appRoutes.
func isAppRoute(p string) bool {
	for _, r := range appRoutes {
		if p == r || (strings.HasSuffix(r, "/") && r != "/" && strings.HasPrefix(p, r)) {
			return true
		}
	}
	return false
}

// Check reports every inconsistency of the fixture directory dir, hand-made or recorded: a
// document that does not parse, a resource without type or id or twice in a document, a
// relationship pointing at a resource the document does not carry (dangling), an included
// resource nothing references, an id that is no v4 UUID or names two types, a referenced CMS
// file the fixture CMS cannot serve (in any string of any document: images, variables, rich
// text, livestream sources), a draft of a page that has no node, a recorded list or search
// answer naming a post or node that has no file, a listed benefit without its node, and an
// internal menu link that leads nowhere: neither to a node fixture (node/{path}.json) nor to one
// of the app's own routes (appRoutes); likewise an internal link in a page's, post's or
// variable's content (a link field's internal:/ uri, a rich text's href="/..."). Every menu link
// is on every page, so a dead one would be a 404 offline and an entry of the sitemap; a dead
// content link is a 404 a reader meets. An empty answer means the fixture CMS can replay
// everything the documents promise.
func Check(dir string) []string {
	c := &checker{h: NewHandler(dir), dir: dir, typeOf: map[string]string{}}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".json" {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		c.document(filepath.ToSlash(rel), p)
		return nil
	})
	if err != nil {
		c.errorf("walking %s: %v", dir, err)
	}
	return c.problems
}

type checker struct {
	h        http.Handler
	dir      string
	typeOf   map[string]string // a UUID names one resource across every document
	problems []string
}

func (c *checker) errorf(format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
}

func (c *checker) exists(rel string) bool {
	info, err := os.Stat(filepath.Join(c.dir, filepath.FromSlash(rel)))
	return err == nil && info.Mode().IsRegular()
}

func (c *checker) get(target string) *httptest.ResponseRecorder {
	rr := httptest.NewRecorder()
	c.h.ServeHTTP(rr, httptest.NewRequest(http.MethodGet, target, nil))
	return rr
}

func (c *checker) document(rel, file string) {
	body, err := os.ReadFile(file)
	if err != nil {
		c.errorf("%s: %v", rel, err)
		return
	}
	var doc struct {
		Data     json.RawMessage   `json:"data"`
		Included []fixtureResource `json:"included"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		c.errorf("%s: %v", rel, err)
		return
	}
	var primary []fixtureResource
	if strings.HasPrefix(strings.TrimSpace(string(doc.Data)), "[") {
		err = json.Unmarshal(doc.Data, &primary)
	} else {
		var one fixtureResource
		err = json.Unmarshal(doc.Data, &one)
		primary = []fixtureResource{one}
	}
	if err != nil {
		c.errorf("%s: data: %v", rel, err)
		return
	}
	all := append(slices.Clone(primary), doc.Included...)
	c.resources(rel, all, doc.Included)
	c.fileRefs(rel, body)
	c.contentLinks(rel, body)
	c.references(rel, primary)
}

// leadsSomewhere reports whether a site path (with any query or fragment) is a page offline: one
// of the app's own routes or a node fixture.
func (c *checker) leadsSomewhere(target string) (string, bool) {
	target, _, _ = strings.Cut(target, "?")
	target, _, _ = strings.Cut(target, "#")
	p := "/" + strings.Trim(target, "/")
	if isAppRoute(p) {
		return p, true
	}
	page, ok := cleanNodePath(p)
	return p, ok && c.exists("node/"+page+".json")
}

// contentLinks checks the internal links of a page's, post's or variable's content: link fields
// (a "uri" of internal:/...) and rich text (href="/..."). The menu's are checked by references.
func (c *checker) contentLinks(rel string, body []byte) {
	top, _, _ := strings.Cut(rel, "/")
	if top != "node" && top != "post" && top != "revision" && top != "variable" {
		return
	}
	var v any
	if json.Unmarshal(body, &v) != nil {
		return
	}
	seen := map[string]bool{}
	check := func(target string) {
		if seen[target] {
			return
		}
		seen[target] = true
		if p, ok := c.leadsSomewhere(target); !ok {
			c.errorf("%s: links to %s, which has no node/%s.json and is none of the app's own routes", rel, p, strings.Trim(p, "/"))
		}
	}
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				walk(k, e)
			}
		case []any:
			for _, e := range v {
				walk(key, e)
			}
		case string:
			if target, ok := strings.CutPrefix(v, "internal:"); ok && key == "uri" {
				check(target)
			}
			for _, m := range richTextLinkRE.FindAllStringSubmatch(v, -1) {
				check(m[1])
			}
		}
	}
	walk("", v)
}

// resources checks ids, relationships and included resources.
func (c *checker) resources(rel string, all, included []fixtureResource) {
	have := map[identifier]bool{}
	for _, r := range all {
		id := identifier{r.Type, r.ID}
		if r.Type == "" || r.ID == "" {
			c.errorf("%s: resource without type or id: %+v", rel, id)
		}
		if have[id] {
			c.errorf("%s: %s %s appears twice", rel, r.Type, r.ID)
		}
		have[id] = true
		if r.Type == "variable--variable" || r.Type == "archive--month" {
			continue // their ids are a state name and a month
		}
		if !uuidV4.MatchString(r.ID) && !strings.HasPrefix(r.Type, "search_result--") {
			c.errorf("%s: %s id %q is not a v4 UUID", rel, r.Type, r.ID)
		}
		if prev, ok := c.typeOf[r.ID]; ok && prev != r.Type {
			c.errorf("%s: id %s is a %s here and a %s elsewhere", rel, r.ID, r.Type, prev)
		}
		c.typeOf[r.ID] = r.Type
	}
	referenced := map[identifier]bool{}
	for _, r := range all {
		for name, relship := range r.Relationships {
			var targets []identifier
			var err error
			raw := strings.TrimSpace(string(relship.Data))
			switch {
			case raw == "null" || raw == "":
			case strings.HasPrefix(raw, "["):
				err = json.Unmarshal(relship.Data, &targets)
			default:
				var one identifier
				err = json.Unmarshal(relship.Data, &one)
				targets = []identifier{one}
			}
			if err != nil {
				c.errorf("%s: %s %s: relationship %s: %v", rel, r.Type, r.ID, name, err)
			}
			for _, target := range targets {
				referenced[target] = true
				if !have[target] {
					c.errorf("%s: %s %s: relationship %s points at %s %s, which the document does not carry (dangling)", rel, r.Type, r.ID, name, target.Type, target.ID)
				}
			}
		}
	}
	for _, r := range included {
		if !referenced[identifier{r.Type, r.ID}] {
			c.errorf("%s: included %s %s is not referenced", rel, r.Type, r.ID)
		}
		if r.Type != "file--image" {
			continue
		}
		var uri struct{ URL string }
		_ = json.Unmarshal(r.Attributes["uri"], &uri)
		var styles map[string]string
		_ = json.Unmarshal(r.Attributes["image_style_uri"], &styles)
		urls := []string{uri.URL}
		for _, v := range styles {
			urls = append(urls, v)
		}
		for _, u := range urls {
			if rr := c.get(u); rr.Code != http.StatusOK || !strings.HasPrefix(rr.Header().Get("Content-Type"), "image/") {
				c.errorf("%s: file %s %s: GET %s: status %d, type %q", rel, r.ID, uri.URL, u, rr.Code, rr.Header().Get("Content-Type"))
			}
		}
	}
}

// externalFormsPrefix is where the fixture CMS serves the external form provider's stand-ins.
const externalFormsPrefix = "/sites/default/files/external-forms/"

// fileRefs checks that every CMS file any string of the document names is served.
func (c *checker) fileRefs(rel string, body []byte) {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return
	}
	seen := map[string]bool{}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		case string:
			for _, ref := range fileRefRE.FindAllString(v, -1) {
				// The external form provider's stand-ins (files/external-forms) are the form host's
				// pages, which an embedded form's link names: no CMS file, and no recording holds them.
				if seen[ref] || strings.HasPrefix(ref, externalFormsPrefix) {
					continue
				}
				seen[ref] = true
				if rr := c.get(ref); rr.Code != http.StatusOK {
					c.errorf("%s: names the file %s, which the fixture CMS cannot serve (status %d)", rel, ref, rr.Code)
				}
			}
		}
	}
	walk(v)
}

// references checks what a document points at in other fixture files.
func (c *checker) references(rel string, primary []fixtureResource) {
	dir, _ := path.Split(rel)
	switch {
	case strings.HasPrefix(rel, "revision/"):
		// revision/{path}/{rev}.json is a draft of the page node/{path}.json.
		page := strings.TrimSuffix(strings.TrimPrefix(dir, "revision/"), "/")
		if !c.exists("node/" + page + ".json") {
			c.errorf("%s: a draft of %s, which has no node/%s.json", rel, page, page)
		}
	case dir == "posts/":
		for _, r := range primary {
			var nid json.Number
			_ = json.Unmarshal(r.Attributes["nid"], &nid)
			if !c.exists("post/" + nid.String() + ".json") {
				c.errorf("%s: lists post %s, which has no post/%s.json", rel, nid, nid)
			}
		}
	case dir == "search/":
		for _, r := range primary {
			var a struct {
				Type string
				NID  json.Number
				Path string
			}
			raw, _ := json.Marshal(r.Attributes)
			_ = json.Unmarshal(raw, &a)
			target := "node/" + strings.Trim(a.Path, "/") + ".json"
			if a.Type == "post" {
				target = "post/" + a.NID.String() + ".json"
			}
			if !c.exists(target) {
				c.errorf("%s: finds %s %s, which has no %s", rel, a.Type, a.Path, target)
			}
		}
	case rel == "menu.json":
		for _, r := range primary {
			var a struct {
				MLID  json.Number
				Title string
				Link  struct{ URI string }
			}
			raw, _ := json.Marshal(r.Attributes)
			_ = json.Unmarshal(raw, &a)
			target, ok := strings.CutPrefix(a.Link.URI, "internal:")
			if !ok {
				continue // an external link, or a route the CMS resolves itself
			}
			if p, ok := c.leadsSomewhere(target); !ok {
				c.errorf("%s: menu link %s (%q) leads to %s, which has no node/%s.json and is none of the app's own routes", rel, a.MLID, a.Title, p, strings.Trim(p, "/"))
			}
		}
	case rel == "benefits.json":
		for _, r := range primary {
			var p struct{ Alias string }
			_ = json.Unmarshal(r.Attributes["path"], &p)
			if page := strings.Trim(p.Alias, "/"); !c.exists("node/" + page + ".json") {
				c.errorf("%s: lists %s, which has no node/%s.json", rel, p.Alias, page)
			}
		}
	}
}
