// Package cmsrecord records a live CMS into the fixture layout of fixtures/cms (see its README), so
// the fixture CMS can replay real content. Bodies are kept as the CMS sent them, only re-indented,
// so a recording is a faithful sample of the wire format the BFF must read.
package cmsrecord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// HomePath is the path of the home node; the home page always loads it.
const HomePath = "home/1072"

// Bundles are the term bundles the portal reads.
var Bundles = []string{"union", "blog_category", "blog_topic"}

// Variables are the site variables the portal reads.
var Variables = []string{
	"union_structure_global",
	"union_structure_social_media",
	"union_structure_profile",
	"union_structure_application_forms",
}

const (
	jsonAPI     = "application/vnd.api+json"
	filesPrefix = "/sites/default/files/"
	// maxBody bounds what one response may hold; a CMS answering more is misbehaving.
	maxBody = 64 << 20
)

// Options tune a recording. The zero value is usable.
type Options struct {
	// Client sends the requests; nil means a client of its own.
	Client *http.Client
	// Timeout bounds each request, body included; zero means 30 seconds.
	Timeout time.Duration
	// Logger reports progress and skipped paths; nil means slog.Default().
	Logger *slog.Logger
}

// errNotFound marks a 404 answer: the one failure a recording tolerates, for menu links to pages
// that no longer exist and for broken images.
var errNotFound = errors.New("not found")

type recorder struct {
	base    *url.URL
	out     string
	client  *http.Client
	timeout time.Duration
	log     *slog.Logger
	// files are the /sites/default/files/ paths the recorded documents reference.
	files map[string]bool
}

// Record fetches the menu, the terms, the variables, the benefits list, the home node, the node of
// every internal menu link and of every listed benefit, and the files those documents reference from
// the CMS at baseURL, and writes them to outDir.
// Files already in outDir that the CMS no longer answers are left alone.
func Record(ctx context.Context, baseURL, outDir string, opts Options) error {
	base, err := url.Parse(baseURL)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return fmt.Errorf("cms base URL %q: want an absolute http(s) URL", baseURL)
	}
	rec := &recorder{
		base:    base,
		out:     outDir,
		client:  opts.Client,
		timeout: opts.Timeout,
		log:     opts.Logger,
		files:   map[string]bool{},
	}
	if rec.client == nil {
		rec.client = &http.Client{}
	}
	if rec.timeout <= 0 {
		rec.timeout = 30 * time.Second
	}
	if rec.log == nil {
		rec.log = slog.Default()
	}
	return rec.run(ctx)
}

func (rec *recorder) run(ctx context.Context) error {
	menu, err := rec.document(ctx, "menu", nil, "menu.json")
	if err != nil {
		return err
	}
	for _, b := range Bundles {
		if _, err := rec.document(ctx, "term", url.Values{"bundle": {b}}, path.Join("term", b+".json")); err != nil {
			return err
		}
	}
	for _, v := range Variables {
		if _, err := rec.document(ctx, "variable", url.Values{"state": {v}}, path.Join("variable", v+".json")); err != nil {
			return err
		}
	}
	benefits, err := rec.document(ctx, "benefits", nil, "benefits.json")
	if err != nil {
		return err
	}
	if _, err := rec.document(ctx, "truecar-make", nil, "truecar-make.json"); err != nil {
		return err
	}
	if err := rec.node(ctx, HomePath); err != nil {
		return err
	}
	paths, err := menuPaths(menu)
	if err != nil {
		return fmt.Errorf("menu: %w", err)
	}
	listed, err := benefitPaths(benefits)
	if err != nil {
		return fmt.Errorf("benefits: %w", err)
	}
	// A benefit is usually linked from the menu too; each node is fetched once.
	for _, p := range slices.Compact(slices.Sorted(slices.Values(append(paths, listed...)))) {
		if p == HomePath {
			continue
		}
		err := rec.node(ctx, p)
		if errors.Is(err, errNotFound) {
			rec.log.Warn("menu link or listed benefit has no node; skipped", "path", p)
			continue
		}
		if err != nil {
			return err
		}
	}
	for _, f := range slices.Sorted(maps.Keys(rec.files)) {
		err := rec.file(ctx, f)
		if errors.Is(err, errNotFound) {
			rec.log.Warn("referenced file is missing; skipped", "file", f)
			continue
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (rec *recorder) node(ctx context.Context, p string) error {
	if !safeRel(p) {
		return fmt.Errorf("node path %q cannot name a fixture file", p)
	}
	_, err := rec.document(ctx, "node", url.Values{"path": {p}}, path.Join("node", p+".json"))
	return err
}

// document fetches one JSON:API document, writes it to file under the output directory and notes
// the files it references.
func (rec *recorder) document(ctx context.Context, resource string, q url.Values, file string) ([]byte, error) {
	u := rec.base.JoinPath("api", "v0", resource)
	// A slash needs no escaping in a query; keeping it makes logs and errors readable.
	u.RawQuery = strings.ReplaceAll(q.Encode(), "%2F", "/")
	body, err := rec.get(ctx, u, jsonAPI)
	if err != nil {
		return nil, err
	}
	var pretty bytes.Buffer
	// Indent keeps trailing whitespace, so trim it to end with exactly one newline.
	if err := json.Indent(&pretty, bytes.TrimSpace(body), "", "  "); err != nil {
		return nil, fmt.Errorf("GET %s: body is not JSON: %w", u, err)
	}
	pretty.WriteByte('\n')
	var doc any
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, fmt.Errorf("GET %s: %w", u, err)
	}
	rec.noteFiles(doc)
	if err := writeAtomic(filepath.Join(rec.out, filepath.FromSlash(file)), pretty.Bytes()); err != nil {
		return nil, err
	}
	rec.log.Info("recorded", "url", u.String(), "file", file)
	return body, nil
}

// file copies one file under /sites/default/files/ to files/ in the output directory.
func (rec *recorder) file(ctx context.Context, p string) error {
	u := rec.base.ResolveReference(&url.URL{Path: p})
	body, err := rec.get(ctx, u, "*/*")
	if err != nil {
		return err
	}
	rel := strings.TrimPrefix(p, filesPrefix)
	if err := writeAtomic(filepath.Join(rec.out, "files", filepath.FromSlash(rel)), body); err != nil {
		return err
	}
	rec.log.Info("recorded", "url", u.String(), "file", path.Join("files", rel))
	return nil
}

// get sends one GET under its own deadline and returns the body of a 200 answer; a 404 is
// errNotFound so callers can decide whether a missing resource matters.
func (rec *recorder) get(ctx context.Context, u *url.URL, accept string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, rec.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", accept)
	resp, err := rec.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", u, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return nil, fmt.Errorf("GET %s: reading body: %w", u, err)
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return nil, fmt.Errorf("GET %s: %w", u, errNotFound)
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("GET %s: status %s", u, resp.Status)
	case len(body) > maxBody:
		return nil, fmt.Errorf("GET %s: body larger than %d bytes", u, maxBody)
	}
	return body, nil
}

// noteFiles collects every string in a document that points into /sites/default/files/ on the
// CMS's own host: file--image uri.url and image_style_uri values, and image URLs inside variables,
// which are not file resources but still need to be replayable.
func (rec *recorder) noteFiles(v any) {
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			rec.noteFiles(e)
		}
	case []any:
		for _, e := range v {
			rec.noteFiles(e)
		}
	case string:
		if p, ok := rec.filePath(v); ok {
			rec.files[p] = true
		}
	}
}

func (rec *recorder) filePath(s string) (string, bool) {
	if !strings.Contains(s, filesPrefix) || strings.ContainsAny(s, " \t\r\n<>\"") {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", false
	}
	if u.Host != "" && !strings.EqualFold(u.Host, rec.base.Host) {
		return "", false
	}
	if !strings.HasPrefix(u.Path, filesPrefix) || !safeRel(strings.TrimPrefix(u.Path, filesPrefix)) {
		return "", false
	}
	return u.Path, true
}

// menuPaths lists, sorted and without repeats, the node paths of the menu's internal links
// ("internal:/benefits/wireless" is the node at "benefits/wireless").
func menuPaths(body []byte) ([]string, error) {
	var doc struct {
		Data []struct {
			Attributes struct {
				Link struct {
					URI string `json:"uri"`
				} `json:"link"`
			} `json:"attributes"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, l := range doc.Data {
		rest, ok := strings.CutPrefix(l.Attributes.Link.URI, "internal:/")
		if !ok {
			continue
		}
		rest, _, _ = strings.Cut(rest, "#")
		rest, _, _ = strings.Cut(rest, "?")
		if p := strings.Trim(rest, "/"); p != "" && safeRel(p) {
			seen[p] = true
		}
	}
	return slices.Sorted(maps.Keys(seen)), nil
}

// benefitPaths lists, sorted and without repeats, the node paths of the benefits list
// ("/benefits/wireless" is the node at "benefits/wireless").
func benefitPaths(body []byte) ([]string, error) {
	var doc struct {
		Data []struct {
			Attributes struct {
				Path struct {
					Alias string `json:"alias"`
				} `json:"path"`
			} `json:"attributes"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, b := range doc.Data {
		if p := strings.Trim(b.Attributes.Path.Alias, "/"); p != "" && safeRel(p) {
			seen[p] = true
		}
	}
	return slices.Sorted(maps.Keys(seen)), nil
}

// safeRel reports whether p is a relative slash path that stays inside the directory it is joined
// to, so nothing the CMS sends can make the recorder write elsewhere.
func safeRel(p string) bool {
	if p == "" || strings.ContainsAny(p, "\\\x00") {
		return false
	}
	for _, s := range strings.Split(p, "/") {
		if s == "" || s == "." || s == ".." {
			return false
		}
	}
	return true
}

// writeAtomic replaces file with data so that a reader, or a recording cut short, never sees a
// half-written file.
func writeAtomic(file string, data []byte) error {
	dir := filepath.Dir(file)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(file)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), file)
}
