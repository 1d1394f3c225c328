// Package cmsrecord records a live CMS into the fixture layout of fixtures/cms (see its README), so
// the fixture CMS can replay real content. It records what the BFF reads, by driving the BFF's own
// CMS client and page services (content, blog, grant forms) over the site as readers visit it,
// through an http.RoundTripper that files every answer where the fixture CMS replays it
// (cmsfixture.RecordedFile). No list of URLs to keep in step: a request the BFF starts making is
// recorded the day it is made, and one the layout has no file for stops the recording. Bodies are
// kept as the CMS sent them, only re-indented, so a recording is a faithful sample of the wire
// format the BFF must read.
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
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/union-benefits/portal/bff/internal/cms"
	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
)

// HomePath is the path of the home node; the home page always loads it.
const HomePath = "home/1072"

const (
	filesPrefix = "/sites/default/files/"
	apiPrefix   = "/api/v0/"
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
	// Seed is a fixture directory (the committed fixtures) whose nodes, posts and drafts are
	// visited too, besides what a reader reaches: pages no menu links, and drafts, which a CMS
	// lists nowhere. Empty visits only what a reader reaches.
	Seed string
	// PreviewToken is the CMS's preview token (CMS_PREVIEW_TOKEN), to record the seed's drafts;
	// without it they are left out.
	PreviewToken string
	// FileHosts are other hosts whose /sites/default/files/ URLs are the CMS's own files (its
	// public host, CMS_PUBLIC_URL's); the CMS's own host always is.
	FileHosts []string
	// HomePath is the CMS path of the home node; HomePath when empty.
	HomePath string
	// ProductName is the brand page titles carry; "Union Benefits" when empty.
	ProductName string
}

func (o *Options) defaults() {
	if o.Client == nil {
		o.Client = &http.Client{}
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.HomePath == "" {
		o.HomePath = HomePath
	}
	if o.ProductName == "" {
		o.ProductName = "Union Benefits"
	}
}

// errNotFound marks a 404 answer: the one failure a recording tolerates, for menu links to pages
// that no longer exist and for broken images.
var errNotFound = errors.New("not found")

type recorder struct {
	base      *url.URL
	out       string
	client    *http.Client
	timeout   time.Duration
	log       *slog.Logger
	fileHosts []string

	mu sync.Mutex
	// answers are the recorded bodies by fixture file.
	answers map[string][]byte
	// failures are requests the layout has no file for, or answers that were neither 200 nor 404.
	failures []string
	// files are the /sites/default/files/ paths the recorded documents reference.
	files map[string]bool
}

// Record walks the site at the CMS at baseURL as readers would, through the BFF's own code (see
// the package doc and walker.walk), writes every answer the BFF read to outDir in the fixture
// layout, and then the files those answers reference. It returns the BFF documents of the pages
// it visited. outDir should be empty: files a recording did not write are left alone.
func Record(ctx context.Context, baseURL, outDir string, opts Options) (Documents, error) {
	base, err := url.Parse(baseURL)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("cms base URL %q: want an absolute http(s) URL", baseURL)
	}
	opts.defaults()
	rec := &recorder{
		base:      base,
		out:       outDir,
		client:    opts.Client,
		timeout:   opts.Timeout,
		log:       opts.Logger,
		fileHosts: append([]string{base.Host}, opts.FileHosts...),
		answers:   map[string][]byte{},
		files:     map[string]bool{},
	}
	transport := opts.Client.Transport
	if transport == nil {
		transport = http.DefaultTransport
	}
	client := cms.New(cms.Options{
		BaseURL: baseURL,
		// The documents name files on one fixed host, so documents built against two CMSs
		// (a recording and its source) compare equal.
		PublicURL:     publicURL,
		Timeout:       opts.Timeout,
		HTTP:          &http.Client{Transport: &recordingTransport{rec: rec, next: transport}},
		MaxConcurrent: 4,
	})
	w := newWalker(client, opts)
	err = w.walk(ctx)
	if len(rec.failures) > 0 {
		// The failures name the requests; the walk's error only the page that met one.
		slices.Sort(rec.failures)
		return nil, fmt.Errorf("the BFF read what cannot be recorded (%w):\n  %s", err, strings.Join(rec.failures, "\n  "))
	}
	if err != nil {
		return nil, err
	}
	for _, file := range slices.Sorted(maps.Keys(rec.answers)) {
		if err := writeAtomic(filepath.Join(rec.out, filepath.FromSlash(file)), rec.answers[file]); err != nil {
			return nil, err
		}
	}
	rec.log.Info("recorded the CMS's answers", "files", len(rec.answers), "pages", len(w.docs))
	for _, f := range slices.Sorted(maps.Keys(rec.files)) {
		err := rec.file(ctx, f)
		if errors.Is(err, errNotFound) {
			rec.log.Warn("referenced file is missing; skipped", "file", f)
			continue
		}
		if err != nil {
			return nil, err
		}
	}
	return w.docs, nil
}

// publicURL is the file host of the documents Record and DirDocuments build.
const publicURL = "https://cms.example.org"

// recordingTransport files every API answer the BFF's CMS client receives (see Record; with a nil
// rec it only remembers them). The walk
// reads the same content for many pages and readers, as the BFF's cache would absorb; the
// transport asks the CMS once per request and answers repeats from memory.
type recordingTransport struct {
	rec  *recorder
	next http.RoundTripper

	mu   sync.Mutex
	seen map[string]*seenAnswer
}

// seenAnswer is one answer of the CMS, ready once done is closed.
type seenAnswer struct {
	done   chan struct{}
	status int
	header http.Header
	body   []byte
	err    error
}

func (t *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !strings.HasPrefix(req.URL.Path, apiPrefix) {
		return t.next.RoundTrip(req)
	}
	key := req.Method + " " + req.URL.String() + " " + req.Header.Get("Authorization")
	t.mu.Lock()
	if t.seen == nil {
		t.seen = map[string]*seenAnswer{}
	}
	a, ok := t.seen[key]
	if !ok {
		a = &seenAnswer{done: make(chan struct{})}
		t.seen[key] = a
	}
	t.mu.Unlock()
	if ok {
		select {
		case <-a.done:
		case <-req.Context().Done():
			return nil, req.Context().Err()
		}
	} else {
		t.fetch(req, a)
	}
	if a.err != nil {
		return nil, a.err
	}
	return &http.Response{
		Status: http.StatusText(a.status), StatusCode: a.status, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: a.header.Clone(), Body: io.NopCloser(bytes.NewReader(a.body)), ContentLength: int64(len(a.body)),
		Request: req,
	}, nil
}

// fetch asks the CMS and records its answer. A failed request is not kept, so a later one may
// succeed.
func (t *recordingTransport) fetch(req *http.Request, a *seenAnswer) {
	defer close(a.done)
	resp, err := t.next.RoundTrip(req)
	if err == nil {
		a.body, err = io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
		resp.Body.Close()
		a.status, a.header = resp.StatusCode, resp.Header
	}
	if err != nil {
		a.err = fmt.Errorf("GET %s: %w", req.URL, err)
		t.mu.Lock()
		delete(t.seen, req.Method+" "+req.URL.String()+" "+req.Header.Get("Authorization"))
		t.mu.Unlock()
		return
	}
	if t.rec != nil {
		t.rec.answer(req, a.status, a.body)
	}
}

// answer files one API answer: a 200 under its fixture file, a 404 nowhere (the fixture CMS
// answers 404 for what it has no file of, as the CMS did).
func (rec *recorder) answer(req *http.Request, status int, body []byte) {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	file, ok := cmsfixture.RecordedFile(strings.TrimPrefix(req.URL.Path, apiPrefix), req.URL.Query())
	// The request as a person reads it: path=benefits/wireless, not path=benefits%2Fwireless.
	uri := req.URL.Path
	if q, err := url.QueryUnescape(req.URL.RawQuery); err == nil && q != "" {
		uri += "?" + q
	}
	switch {
	case status == http.StatusNotFound:
		rec.log.Info("not found", "url", req.URL.String())
		return
	case status != http.StatusOK:
		rec.failures = append(rec.failures, fmt.Sprintf("GET %s: status %d", uri, status))
		return
	case !ok:
		rec.failures = append(rec.failures, fmt.Sprintf("GET %s: no file of the fixture layout holds it (cmsfixture.RecordedFile)", uri))
		return
	case len(body) > maxBody:
		rec.failures = append(rec.failures, fmt.Sprintf("GET %s: body larger than %d bytes", uri, maxBody))
		return
	}
	var pretty bytes.Buffer
	// Indent keeps trailing whitespace, so trim it to end with exactly one newline.
	if err := json.Indent(&pretty, bytes.TrimSpace(body), "", "  "); err != nil {
		rec.failures = append(rec.failures, fmt.Sprintf("GET %s: body is not JSON: %v", uri, err))
		return
	}
	pretty.WriteByte('\n')
	var doc any
	_ = json.Unmarshal(body, &doc)
	rec.noteFiles(doc)
	if prev, dup := rec.answers[file]; dup && !bytes.Equal(prev, pretty.Bytes()) {
		rec.log.Warn("the CMS answered one request twice, differently; keeping the last", "file", file)
	}
	rec.answers[file] = pretty.Bytes()
	rec.log.Debug("recorded", "url", req.URL.String(), "file", file)
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
		for _, ref := range fileRefRE.FindAllString(v, -1) {
			if p, ok := rec.filePath(ref); ok {
				rec.files[p] = true
			}
		}
	}
}

// fileRefRE finds a file URL inside any string, rich text included (an <img src>).
var fileRefRE = regexp.MustCompile(`(https?://[^/\s"'<>]+)?/sites/default/files/[^\s"'<>()?#,]+`)

func (rec *recorder) filePath(s string) (string, bool) {
	if !strings.Contains(s, filesPrefix) || strings.ContainsAny(s, " \t\r\n<>\"") {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", false
	}
	if u.Host != "" && !slices.ContainsFunc(rec.fileHosts, func(h string) bool { return strings.EqualFold(h, u.Host) }) {
		return "", false
	}
	if !strings.HasPrefix(u.Path, filesPrefix) || !safeRel(strings.TrimPrefix(u.Path, filesPrefix)) {
		return "", false
	}
	return u.Path, true
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
