package cmsfixture

import (
	"encoding/json"
	"html"
	"io/fs"
	"net/http"
	"os"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// The blog list, archive and search requests replay a recorded answer when the fixtures hold one
// for that exact query (RecordedFile: posts/{query}.json, archives.json, search/{query}.json), so
// recorded fixtures answer exactly as the live CMS did. A request never recorded is answered by
// computing over the fixture content itself, as the CMS computes them over its database: posts
// from post/{nid}.json, search over those and every node under node/. So any filter, page or
// search term works offline, and a hand-made fixture file shows up in lists and search.

// AnswerHeader says on each blog list, archive and search answer whether it was "recorded" or
// "computed", for tests and for a developer reading an answer with curl.
const AnswerHeader = "X-Fixture-Answer"

// Page sizes of the CMS: a post list's default and largest limit, and search's fixed page.
const (
	defaultPostLimit = 10
	maxPostLimit     = 50
	searchPageSize   = 20
)

var (
	digitsRE = regexp.MustCompile(`^[0-9]{1,10}$`)
	monthRE  = regexp.MustCompile(`^[0-9]{4}-(0[1-9]|1[0-2])$`)
	tagRE    = regexp.MustCompile(`<[^>]*>`)
	// headingRE matches a heading element and its words: a teaser's summary is the prose.
	headingRE = regexp.MustCompile(`(?is)<h[1-6][^>]*>.*?</h[1-6]>`)
)

// fixtureDoc is a single-resource fixture file, kept loosely typed: it is replayed, not reshaped.
type fixtureDoc struct {
	Data     fixtureResource   `json:"data"`
	Included []fixtureResource `json:"included"`
}

type fixtureResource struct {
	Type          string                     `json:"type"`
	ID            string                     `json:"id"`
	Attributes    map[string]json.RawMessage `json:"attributes"`
	Relationships map[string]struct {
		Data json.RawMessage `json:"data"`
	} `json:"relationships,omitempty"`
}

// entry is one post or node with what the blog and search requests need of it.
type entry struct {
	doc      fixtureDoc
	bundle   string
	nid      int
	title    string
	path     string
	created  string // RFC 3339; sorts as text
	category string // blog category tid (posts)
	catName  string
	catPath  string   // a benefit's category page
	topics   []string // blog topic tids (posts)
	text     string   // lower-cased searchable text
	titleLC  string
}

// serveBlog answers the blog and search resources; it reports false for any other fixtureResource.
func (h handler) serveBlog(w http.ResponseWriter, r *http.Request, res string) bool {
	q := r.URL.Query()
	switch res {
	case "post":
		nid := q.Get("id")
		if !digitsRE.MatchString(nid) {
			notFound(w, r, "No post has the id "+strconv.Quote(nid)+".")
			return true
		}
		body, err := h.read(path.Join("post", nid+".json"))
		if err != nil {
			notFound(w, r, "No post has the id "+strconv.Quote(nid)+".")
			return true
		}
		w.Header().Set("Content-Type", ContentType)
		writeBody(w, r, http.StatusOK, body)
	case "posts", "archives", "search":
		if h.replay(w, r, res) {
			return true
		}
		h.log.Info("fixture CMS computed an answer that was never recorded", "request", r.URL.RequestURI())
		w.Header().Set(AnswerHeader, "computed")
		switch res {
		case "posts":
			h.servePosts(w, r, q)
		case "archives":
			h.serveArchives(w, r)
		default:
			h.serveSearch(w, r, q)
		}
	default:
		return false
	}
	return true
}

// replay answers a blog list, archive or search request with its recorded answer, if there is one.
func (h handler) replay(w http.ResponseWriter, r *http.Request, res string) bool {
	file, ok := RecordedFile(res, r.URL.Query())
	if !ok {
		return false
	}
	body, err := h.read(file)
	if err != nil {
		return false
	}
	h.log.Info("fixture CMS replayed a recorded answer", "request", r.URL.RequestURI(), "file", file)
	w.Header().Set(AnswerHeader, "recorded")
	w.Header().Set("Content-Type", ContentType)
	writeBody(w, r, http.StatusOK, body)
	return true
}

func (h handler) servePosts(w http.ResponseWriter, r *http.Request, q map[string][]string) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	offset, okO := intParam(get("offset"), 0, 1<<20)
	limit, okL := intParam(get("limit"), defaultPostLimit, maxPostLimit)
	cat, topic, date := get("category"), get("topic"), get("date")
	switch {
	case !okO:
		badRequest(w, r, "offset must be a whole number from 0.")
		return
	case !okL || limit == 0:
		badRequest(w, r, "limit must be a whole number from 1 to 50.")
		return
	case cat != "" && !digitsRE.MatchString(cat):
		badRequest(w, r, "category must be a term id.")
		return
	case topic != "" && !digitsRE.MatchString(topic):
		badRequest(w, r, "topic must be a term id.")
		return
	case date != "" && !monthRE.MatchString(date):
		badRequest(w, r, "date must be YYYY-MM.")
		return
	}
	posts, err := h.entries("post")
	if err != nil {
		serverError(w, r)
		return
	}
	var matched []*entry
	for _, p := range posts {
		if (cat == "" || p.category == cat) && (topic == "" || contains(p.topics, topic)) &&
			(date == "" || strings.HasPrefix(p.created, date)) {
			matched = append(matched, p)
		}
	}
	total := len(matched)
	page := matched[min(offset, total):min(offset+limit, total)]
	writeCollection(w, r, page, total, r.URL.RequestURI())
}

func (h handler) serveArchives(w http.ResponseWriter, r *http.Request) {
	posts, err := h.entries("post")
	if err != nil {
		serverError(w, r)
		return
	}
	counts := map[string]int{}
	for _, p := range posts {
		if len(p.created) >= 7 {
			counts[p.created[:7]]++
		}
	}
	months := make([]string, 0, len(counts))
	for m := range counts {
		months = append(months, m)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(months)))
	data := make([]map[string]any, 0, len(months))
	for _, m := range months {
		y, _ := strconv.Atoi(m[:4])
		mo, _ := strconv.Atoi(m[5:])
		data = append(data, map[string]any{
			"type": "archive--month", "id": m,
			"attributes": map[string]any{"year": y, "month": mo, "count": counts[m]},
		})
	}
	writeJSON(w, r, map[string]any{
		"jsonapi": map[string]string{"version": "1.0"},
		"data":    data,
		"meta":    map[string]int{"count": len(data)},
		"links":   selfLink(r.URL.RequestURI()),
	})
}

// searchTypes maps the search's type parameter to the bundles it covers.
var searchTypes = map[string]func(bundle string) bool{
	"all":      func(b string) bool { return b != "home" },
	"benefits": func(b string) bool { return b == "benefit" },
	"blogpost": func(b string) bool { return b == "post" },
}

func (h handler) serveSearch(w http.ResponseWriter, r *http.Request, q map[string][]string) {
	first := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	typ := first("type")
	if typ == "" {
		typ = "all"
	}
	keep, ok := searchTypes[typ]
	if !ok {
		badRequest(w, r, "type must be all, benefits or blogpost.")
		return
	}
	page, ok := intParam(first("page"), 0, 1<<20)
	if !ok {
		badRequest(w, r, "page must be a whole number from 0.")
		return
	}
	words := strings.FieldsFunc(strings.ToLower(first("keywords")), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	var all []*entry
	for _, dir := range []string{"post", "node"} {
		es, err := h.entries(dir)
		if err != nil {
			serverError(w, r)
			return
		}
		all = append(all, es...)
	}
	type hit struct {
		e     *entry
		score int
	}
	var hits []hit
	for _, e := range all {
		if len(words) == 0 || !keep(e.bundle) {
			continue
		}
		score := 0
		for _, word := range words {
			n := strings.Count(e.text, word)
			if n == 0 {
				score = 0
				break
			}
			score += n + 5*strings.Count(e.titleLC, word)
		}
		if score > 0 {
			hits = append(hits, hit{e, score})
		}
	}
	// Relevance first, as a search engine ranks; the BFF orders by type itself.
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		return hits[i].e.nid < hits[j].e.nid
	})
	total := len(hits)
	start, end := min(page*searchPageSize, total), min((page+1)*searchPageSize, total)
	data := []map[string]any{}
	included := []fixtureResource{}
	for _, ht := range hits[start:end] {
		res, img := searchResult(ht.e)
		data = append(data, res)
		if img != nil {
			included = append(included, *img)
		}
	}
	writeJSON(w, r, map[string]any{
		"jsonapi":  map[string]string{"version": "1.0"},
		"data":     data,
		"included": included,
		"meta":     map[string]int{"count": total},
		"links":    selfLink(r.URL.RequestURI()),
	})
}

// searchResult builds a search_result fixtureResource of an entry, and the image it relates to.
func searchResult(e *entry) (map[string]any, *fixtureResource) {
	details := str(e.doc.Data.Attributes["details"])
	if details == "" {
		details = str(e.doc.Data.Attributes["teaser"]) // benefits carry a one-sentence teaser
	}
	attrs := map[string]any{
		"type": e.bundle, "nid": e.nid, "title": e.title, "path": e.path,
		"category_name": e.catName, "details": details,
		"body_summary":       summary(proseText(e.doc.Data.Attributes["body"]), 200),
		"hero_description":   str(e.doc.Data.Attributes["hero_description"]),
		"parent_page":        nil,
		"disabled_anonymous": string(e.doc.Data.Attributes["disabled_anonymous"]) == "true",
		"unions":             unionTIDs(e.doc),
	}
	if e.catPath != "" {
		attrs["parent_page"] = map[string]any{"title": e.catName, "path": e.catPath}
	}
	if raw, ok := e.doc.Data.Attributes["parent_page"]; ok {
		var parent map[string]any
		if json.Unmarshal(raw, &parent) == nil && parent != nil {
			attrs["parent_page"] = parent
			if e.catName == "" {
				attrs["category_name"] = parent["title"]
			}
		}
	}
	res := map[string]any{
		"type": "search_result--search_result", "id": "search-" + strconv.Itoa(e.nid),
		"attributes":    attrs,
		"relationships": map[string]any{"image": map[string]any{"data": nil}},
	}
	for _, relName := range []string{"image", "hero_image"} {
		ids := relIDs(e.doc.Data, relName)
		if len(ids) == 0 {
			continue
		}
		for i := range e.doc.Included {
			inc := &e.doc.Included[i]
			if inc.Type == ids[0].Type && inc.ID == ids[0].ID {
				res["relationships"] = map[string]any{"image": map[string]any{"data": ids[0]}}
				return res, inc
			}
		}
	}
	return res, nil
}

// entries reads every fixture document under dir (post or node), newest first.
func (h handler) entries(dir string) ([]*entry, error) {
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	fsys := root.FS()
	var out []*entry
	err = fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir && os.IsNotExist(err) {
				return fs.SkipDir
			}
			return err
		}
		if d.IsDir() || path.Ext(p) != ".json" {
			return nil
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		var doc fixtureDoc
		if err := json.Unmarshal(body, &doc); err != nil || doc.Data.Type == "" {
			return nil //nolint:nilerr // not a single-node document: nothing to list or search
		}
		out = append(out, newEntry(doc))
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].created != out[j].created {
			return out[i].created > out[j].created
		}
		return out[i].nid > out[j].nid
	})
	return out, nil
}

func newEntry(doc fixtureDoc) *entry {
	a := doc.Data.Attributes
	e := &entry{doc: doc, bundle: strings.TrimPrefix(doc.Data.Type, "node--"), title: str(a["title"])}
	_ = json.Unmarshal(a["nid"], &e.nid)
	var p struct{ Alias string }
	_ = json.Unmarshal(a["path"], &p)
	e.path = p.Alias
	e.created = str(a["created"])
	if e.created == "" {
		e.created = str(a["changed"])
	}
	texts := []string{e.title, str(a["hero_eyebrow"]), str(a["hero_headline"]), str(a["hero_description"]),
		str(a["details"]), str(a["author"]), richText(a["body"])}
	for _, inc := range doc.Included {
		switch {
		case inc.Type == "taxonomy_term--blog_category" && hasRel(doc.Data, "category", inc.ID):
			e.category = strconv.Itoa(intAttr(inc.Attributes["tid"]))
			e.catName = str(inc.Attributes["name"])
			texts = append(texts, e.catName)
		case inc.Type == "node--category" && hasRel(doc.Data, "category", inc.ID):
			// A benefit's category: the search index names it and links its page.
			e.catName = str(inc.Attributes["title"])
			var p struct{ Alias string }
			_ = json.Unmarshal(inc.Attributes["path"], &p)
			e.catPath = p.Alias
		case inc.Type == "taxonomy_term--blog_topic" && hasRel(doc.Data, "topics", inc.ID):
			e.topics = append(e.topics, strconv.Itoa(intAttr(inc.Attributes["tid"])))
			texts = append(texts, str(inc.Attributes["name"]))
		case strings.HasPrefix(inc.Type, "paragraph--"):
			for _, k := range []string{"eyebrow", "headline", "body", "desc_formatted", "description"} {
				texts = append(texts, str(inc.Attributes[k]), richText(inc.Attributes[k]))
			}
		}
	}
	e.text = strings.ToLower(strings.Join(texts, " \n "))
	e.titleLC = strings.ToLower(e.title)
	return e
}

// unionTIDs lists the tids of the unions a node is limited to, from the included terms or, when
// a term is not included, from the last group of its id (see the README's id convention).
func unionTIDs(doc fixtureDoc) []int {
	out := []int{}
	for _, ref := range relIDs(doc.Data, "unions") {
		tid := 0
		for _, inc := range doc.Included {
			if inc.Type == ref.Type && inc.ID == ref.ID {
				tid = intAttr(inc.Attributes["tid"])
			}
		}
		if tid == 0 {
			tid, _ = strconv.Atoi(strings.TrimLeft(ref.ID[strings.LastIndexByte(ref.ID, '-')+1:], "0"))
		}
		if tid != 0 {
			out = append(out, tid)
		}
	}
	return out
}

func relIDs(r fixtureResource, name string) []struct{ Type, ID string } {
	rel, ok := r.Relationships[name]
	if !ok {
		return nil
	}
	var one struct{ Type, ID string }
	if json.Unmarshal(rel.Data, &one) == nil && one.ID != "" {
		return []struct{ Type, ID string }{one}
	}
	var many []struct{ Type, ID string }
	_ = json.Unmarshal(rel.Data, &many)
	return many
}

func hasRel(r fixtureResource, name, id string) bool {
	for _, x := range relIDs(r, name) {
		if x.ID == id {
			return true
		}
	}
	return false
}

func writeCollection(w http.ResponseWriter, r *http.Request, page []*entry, total int, self string) {
	data := make([]fixtureResource, 0, len(page))
	var included []fixtureResource
	seen := map[string]bool{}
	for _, e := range page {
		data = append(data, e.doc.Data)
		for _, inc := range e.doc.Included {
			if k := inc.Type + "|" + inc.ID; !seen[k] {
				seen[k] = true
				included = append(included, inc)
			}
		}
	}
	if included == nil {
		included = []fixtureResource{}
	}
	writeJSON(w, r, map[string]any{
		"jsonapi":  map[string]string{"version": "1.0"},
		"data":     data,
		"included": included,
		"meta":     map[string]int{"count": total},
		"links":    selfLink(self),
	})
}

func writeJSON(w http.ResponseWriter, r *http.Request, v any) {
	body, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		serverError(w, r)
		return
	}
	w.Header().Set("Content-Type", ContentType)
	writeBody(w, r, http.StatusOK, append(body, '\n'))
}

func selfLink(uri string) map[string]any {
	return map[string]any{"self": map[string]string{"href": "https://cms.example.org" + uri}}
}

func badRequest(w http.ResponseWriter, r *http.Request, detail string) {
	writeError(w, r, http.StatusBadRequest, "Bad Request", detail)
}

func serverError(w http.ResponseWriter, r *http.Request) {
	writeError(w, r, http.StatusInternalServerError, "Internal Server Error", "The fixture content could not be read.")
}

// intParam parses an optional whole number in [0, most]; empty gives def.
func intParam(s string, def, most int) (int, bool) {
	if s == "" {
		return def, true
	}
	if !digitsRE.MatchString(s) {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > most {
		return 0, false
	}
	return n, true
}

func str(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

func intAttr(raw json.RawMessage) int {
	var n int
	_ = json.Unmarshal(raw, &n)
	return n
}

// richText is rich text's words, tags dropped.
func richText(raw json.RawMessage) string { return plainText(raw, false) }

// proseText is rich text's words without its headings, as the CMS's trimmed summary shows them:
// "What we do We work..." ran a heading into the sentence after it.
func proseText(raw json.RawMessage) string { return plainText(raw, true) }

func plainText(raw json.RawMessage, withoutHeadings bool) string {
	var t struct{ Value, Processed string }
	if json.Unmarshal(raw, &t) != nil {
		return ""
	}
	src := t.Processed
	if src == "" {
		src = t.Value
	}
	if withoutHeadings {
		src = headingRE.ReplaceAllString(src, " ")
	}
	return html.UnescapeString(strings.Join(strings.Fields(tagRE.ReplaceAllString(src, " ")), " "))
}

// summary cuts text to at most n bytes at a word boundary, as the CMS's trimmed summary does.
func summary(text string, n int) string {
	if len(text) <= n {
		return text
	}
	cut := strings.LastIndexByte(text[:n], ' ')
	if cut <= 0 {
		cut = n
	}
	return strings.TrimRight(text[:cut], " ,.;:") + "…"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
