package cmsfixture

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"path"
	"slices"
	"strings"
)

// maxQueryName bounds the file name a query becomes; a longer one (a long search) is named by
// its hash instead, so no file name outgrows what a file system takes.
const maxQueryName = 180

// RecordedFile is the fixture file that holds the CMS's answer to GET api/v0/{resource}?{q}: the
// one place both the recorder (which writes it) and the fixture CMS (which replays it) learn the
// layout of fixtures/cms/README.md. It reports false for a request no file can hold (an unknown
// resource, a bundle, state or path that cannot name a file), so a recorder that meets a request
// the BFF makes but the layout lacks fails instead of silently leaving it out.
//
// The blog's list, archive and search answers depend on their whole query, so each query has a
// file of its own, named by its parameters in key order: posts/category=201,limit=10,offset=0.json.
func RecordedFile(resource string, q url.Values) (string, bool) {
	switch resource {
	case "menu", "benefits", "eligibility", "truecar-make", "archives":
		return resource + ".json", true
	case "term", "variable":
		key := map[string]string{"term": "bundle", "variable": "state"}[resource]
		name := q.Get(key)
		if !nameRE.MatchString(name) {
			return "", false
		}
		return path.Join(resource, name+".json"), true
	case "node":
		p, ok := cleanNodePath(q.Get("path"))
		if !ok {
			return "", false
		}
		if v := q.Get("resourceVersion"); v != "" {
			m := revisionRE.FindStringSubmatch(v)
			if m == nil {
				return "", false
			}
			return path.Join("revision", p, m[1]+".json"), true
		}
		return path.Join("node", p+".json"), true
	case "post":
		id := q.Get("id")
		if !digitsRE.MatchString(id) {
			return "", false
		}
		return path.Join("post", id+".json"), true
	case "posts", "search":
		return path.Join(resource, queryName(q)+".json"), true
	}
	return "", false
}

// queryName names a query by its parameters in key order, each value query-escaped so that
// neither a separator nor a slash can appear inside one: "keywords=Workers%27+Rights,page=0,type=all".
func queryName(q url.Values) string {
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range q {
			if !yield(k) {
				return
			}
		}
	})
	var parts []string
	for _, k := range keys {
		for _, v := range q[k] {
			parts = append(parts, url.QueryEscape(k)+"="+url.QueryEscape(v))
		}
	}
	name := strings.Join(parts, ",")
	switch {
	case name == "":
		return "index"
	case len(name) > maxQueryName || strings.HasPrefix(name, "."):
		sum := sha256.Sum256([]byte(name))
		return "query-" + hex.EncodeToString(sum[:12])
	}
	return name
}
