package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// benchPagePrefix is where the generated pages live, under the CMS's paths and the site's.
const benchPagePrefix = "bench/page-"

// benchFixtures copies the fixture CMS directory src into a temporary directory and adds n
// generated pages at bench/page-{i}: each a recorded node (taken in turn, so the sizes and
// shapes are the recorded site's) under a node id, uuid, title and path of its own. The recorded
// site has a few dozen pages; the memory figure needs thousands of distinct documents the BFF
// really caches. It returns the directory and a function that removes it.
func benchFixtures(src string, n int) (string, func(), error) {
	dir, err := os.MkdirTemp("", "bench-cms-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { _ = os.RemoveAll(dir) }
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		cleanup()
		return "", nil, err
	}
	var templates []map[string]any
	err = fs.WalkDir(os.DirFS(src), "node", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		raw, err := os.ReadFile(filepath.Join(src, p))
		if err != nil {
			return err
		}
		var doc map[string]any
		if err := json.Unmarshal(raw, &doc); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		templates = append(templates, doc)
		return nil
	})
	if err == nil && len(templates) == 0 {
		err = fmt.Errorf("no recorded nodes under %s/node", src)
	}
	if err != nil {
		cleanup()
		return "", nil, err
	}
	out := filepath.Join(dir, "node", filepath.Dir(benchPagePrefix))
	if err := os.MkdirAll(out, 0o755); err != nil {
		cleanup()
		return "", nil, err
	}
	for i := range n {
		raw, err := json.Marshal(templates[i%len(templates)])
		if err != nil {
			cleanup()
			return "", nil, err
		}
		var doc map[string]any // a deep copy to rename
		_ = json.Unmarshal(raw, &doc)
		data, _ := doc["data"].(map[string]any)
		attrs, _ := data["attributes"].(map[string]any)
		if data == nil || attrs == nil {
			cleanup()
			return "", nil, fmt.Errorf("a recorded node has no data.attributes")
		}
		data["id"] = fmt.Sprintf("be4c4000-0000-4000-8000-%012d", i)
		attrs["nid"] = 900000 + i
		attrs["title"] = fmt.Sprintf("%v (%d)", attrs["title"], i)
		attrs["path"] = map[string]any{"alias": "/" + benchPagePrefix + fmt.Sprint(i), "langcode": "en"}
		attrs["disabled_anonymous"] = false // a visitor's full document, not the gate's few lines
		if rels, ok := data["relationships"].(map[string]any); ok {
			delete(rels, "unions") // open to every union, so the page is not a redirect
		}
		raw, err = json.Marshal(doc)
		if err != nil {
			cleanup()
			return "", nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "node", filepath.FromSlash(benchPagePrefix)+fmt.Sprint(i)+".json"), raw, 0o644); err != nil {
			cleanup()
			return "", nil, err
		}
	}
	return dir, cleanup, nil
}

// benchUnions are the fixtures' unions (their term ids): each generated page is asked for once
// per union, as a site's visitors of every union read the same pages.
var benchUnions = []string{"33", "37", "41", "44", "45", "47", "52", "58", "61", "64"}

// benchPages is how many pages are generated for n documents: one per union each.
func benchPages(n int) int { return (n + len(benchUnions) - 1) / len(benchUnions) }

// benchDocuments are the queries of n distinct page documents: every generated page for every
// union, which is how a real site's documents multiply (a few hundred pages, shaped for each
// union), so the CMS answers they are built from are a tenth as many. The union ids are checked
// against the fixtures, so a recording that changes them fails here rather than measuring
// fallbacks.
func benchDocuments(fixtures string, n int) ([]string, error) {
	raw, err := os.ReadFile(filepath.Join(fixtures, "term", "union.json"))
	if err != nil {
		return nil, err
	}
	var terms struct {
		Data []struct {
			Attributes struct {
				TID json.Number `json:"tid"`
			} `json:"attributes"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &terms); err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, t := range terms.Data {
		have[t.Attributes.TID.String()] = true
	}
	for _, id := range benchUnions {
		if !have[id] {
			return nil, fmt.Errorf("the fixtures have no union %s", id)
		}
	}
	out := make([]string, 0, n)
	for i := range benchPages(n) {
		for _, u := range benchUnions {
			if len(out) == n {
				break
			}
			out = append(out, "path=/"+benchPagePrefix+fmt.Sprint(i)+"&union="+u)
		}
	}
	sort.Strings(out)
	return out, nil
}
