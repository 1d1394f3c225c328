package edge

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"encoding/json"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The CDN's cache, as Netlify's keeps a function's answers: only what the answer itself allows
// (Netlify-CDN-Cache-Control, else CDN-Cache-Control, else Cache-Control, with a max-age or
// s-maxage and none of private, no-store or no-cache), only for GET and HEAD, keyed by the URL the
// function was asked for and the parts of the request the answer's Netlify-Vary (and Vary) names,
// and dropped by cache tag (Netlify-Cache-Tag) through the purge API. Netlify also keeps a
// function's answer when it sets a cookie; this cache does not, so a personal cookie can never be
// handed on (nothing the site caches sets one).

// MaxCacheBytes bounds the cache: least recently used answers go first.
const MaxCacheBytes = 256 << 20

// maxEntryBytes is the largest answer kept; a larger one passes through uncached.
const maxEntryBytes = 8 << 20

// cacheableStatus are the statuses a CDN keeps: never a server error, which describes a moment.
var cacheableStatus = map[int]bool{200: true, 301: true, 302: true, 307: true, 308: true, 404: true, 410: true}

// stored is one kept answer, its body as sent by the function and gzipped once for clients that
// take gzip (as Netlify compresses at the edge).
type stored struct {
	key     string
	status  int
	header  http.Header
	body    []byte
	gz      []byte
	tags    []string
	expires time.Time
	elem    *list.Element
}

func (s *stored) size() int { return len(s.body) + len(s.gz) + 512 }

type cdn struct {
	mu    sync.Mutex
	now   func() time.Time
	max   int
	used  int
	lru   *list.List
	byKey map[string]*stored
	// vary is the Netlify-Vary and Vary of the latest answer kept for each URL: what a request
	// for that URL must match to be served one of its answers.
	vary map[string]varySpec
}

func newCDN(now func() time.Time, maxBytes int) *cdn {
	return &cdn{now: now, max: maxBytes, lru: list.New(), byKey: map[string]*stored{}, vary: map[string]varySpec{}}
}

// varySpec is a parsed Netlify-Vary with the standard Vary's headers added.
type varySpec struct {
	allQuery bool
	query    []string
	headers  []string
	cookies  []string
}

func parseVary(netlifyVary string, vary []string) varySpec {
	var v varySpec
	for _, directive := range strings.Split(netlifyVary, ",") {
		name, values, _ := strings.Cut(strings.TrimSpace(directive), "=")
		list := strings.FieldsFunc(values, func(r rune) bool { return r == '|' })
		switch strings.ToLower(name) {
		case "query":
			if values == "" {
				v.allQuery = true
			}
			v.query = append(v.query, list...)
		case "header":
			v.headers = append(v.headers, list...)
		case "cookie":
			v.cookies = append(v.cookies, list...)
		}
		// language and country: the local stack has one of each.
	}
	for _, line := range vary {
		for _, h := range strings.Split(line, ",") {
			// The cache answers every encoding from one entry (below).
			if h = strings.TrimSpace(h); h != "" && !strings.EqualFold(h, "Accept-Encoding") {
				v.headers = append(v.headers, h)
			}
		}
	}
	for i := range v.headers {
		v.headers[i] = http.CanonicalHeaderKey(v.headers[i])
	}
	sort.Strings(v.query)
	sort.Strings(v.headers)
	sort.Strings(v.cookies)
	return v
}

// key is the cache key of r under the URL's vary: the path, then each varied part of the request.
func (v varySpec) key(u *url.URL, r *http.Request) string {
	var b strings.Builder
	b.WriteString(u.EscapedPath())
	q := u.Query()
	if v.allQuery {
		b.WriteString("?" + q.Encode())
	} else {
		for _, name := range v.query {
			b.WriteString("\x00q:" + name + "=" + strings.Join(q[name], ","))
		}
	}
	for _, name := range v.headers {
		b.WriteString("\x00h:" + name + "=" + strings.Join(r.Header.Values(name), ","))
	}
	for _, name := range v.cookies {
		value := "\x01" // absent differs from empty
		if c, err := r.Cookie(name); err == nil {
			value = c.Value
		}
		b.WriteString("\x00c:" + name + "=" + value)
	}
	return b.String()
}

// cacheControl reads the CDN's own directives of an answer, most specific header first.
func cacheControl(h http.Header) map[string]string {
	raw := h.Get("Netlify-CDN-Cache-Control")
	if raw == "" {
		raw = h.Get("CDN-Cache-Control")
	}
	if raw == "" {
		raw = h.Get("Cache-Control")
	}
	d := map[string]string{}
	for _, part := range strings.Split(raw, ",") {
		name, value, _ := strings.Cut(strings.TrimSpace(part), "=")
		if name != "" {
			d[strings.ToLower(name)] = strings.Trim(value, `"`)
		}
	}
	return d
}

// lifetime is how long the CDN may keep an answer, or 0 when it must not.
func lifetime(status int, h http.Header) time.Duration {
	if !cacheableStatus[status] || len(h.Values("Set-Cookie")) > 0 {
		return 0
	}
	d := cacheControl(h)
	for _, no := range []string{"private", "no-store", "no-cache"} {
		if _, ok := d[no]; ok {
			return 0
		}
	}
	age, ok := d["s-maxage"]
	if !ok {
		age = d["max-age"]
	}
	seconds, err := strconv.Atoi(age)
	if err != nil || seconds <= 0 {
		return 0
	}
	return time.Duration(seconds) * time.Second
}

// lookup is the fresh answer kept for r at u, if any.
func (c *cdn) lookup(u *url.URL, r *http.Request) *stored {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.vary[u.EscapedPath()]
	if !ok {
		return nil
	}
	s := c.byKey[v.key(u, r)]
	if s == nil {
		return nil
	}
	if !c.now().Before(s.expires) {
		c.drop(s)
		return nil
	}
	c.lru.MoveToFront(s.elem)
	return s
}

// store keeps an answer the function gave for r at u, when its headers allow it, and says whether
// it did.
func (c *cdn) store(u *url.URL, r *http.Request, status int, h http.Header, body []byte) bool {
	ttl := lifetime(status, h)
	if ttl == 0 || len(body) > maxEntryBytes || r.Method != http.MethodGet {
		return false
	}
	v := parseVary(h.Get("Netlify-Vary"), h.Values("Vary"))
	s := &stored{status: status, header: storedHeader(h), body: body, gz: gzipped(h, body),
		tags: splitTags(h.Get("Netlify-Cache-Tag")), expires: c.now().Add(ttl)}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.vary[u.EscapedPath()] = v
	s.key = v.key(u, r)
	if old := c.byKey[s.key]; old != nil {
		c.drop(old)
	}
	s.elem = c.lru.PushFront(s)
	c.byKey[s.key] = s
	c.used += s.size()
	for c.used > c.max && c.lru.Len() > 1 {
		c.drop(c.lru.Back().Value.(*stored))
	}
	return true
}

func (c *cdn) drop(s *stored) {
	c.lru.Remove(s.elem)
	delete(c.byKey, s.key)
	c.used -= s.size()
}

// purge drops every answer carrying one of tags, or everything when tags is empty (Netlify's
// purge API without cache_tags purges the whole site), and says how many went.
func (c *cdn) purge(tags []string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	want := map[string]bool{}
	for _, t := range tags {
		want[t] = true
	}
	n := 0
	for _, s := range c.byKey {
		hit := len(want) == 0
		for _, t := range s.tags {
			hit = hit || want[t]
		}
		if hit {
			c.drop(s)
			n++
		}
	}
	return n
}

func splitTags(header string) []string {
	var tags []string
	for _, t := range strings.Split(header, ",") {
		if t = strings.TrimSpace(t); t != "" {
			tags = append(tags, t)
		}
	}
	return tags
}

// storedHeader is what a kept answer is sent with again: the CDN's own directives and tags stay at
// the CDN (Netlify strips them before the browser), as do the connection's headers.
func storedHeader(h http.Header) http.Header {
	out := h.Clone()
	for _, name := range []string{"Netlify-CDN-Cache-Control", "CDN-Cache-Control", "Netlify-Cache-Tag", "Netlify-Vary",
		"Content-Length", "Content-Encoding", "Connection", "Keep-Alive", "Transfer-Encoding", "Date"} {
		out.Del(name)
	}
	return out
}

// gzipped is body compressed once for clients that take gzip, when it is text worth compressing.
func gzipped(h http.Header, body []byte) []byte {
	if len(body) < 1024 || !compressible(h.Get("Content-Type")) {
		return nil
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	_, _ = zw.Write(body)
	_ = zw.Close()
	return b.Bytes()
}

func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	ct = strings.TrimSpace(strings.ToLower(ct))
	return strings.HasPrefix(ct, "text/") || strings.HasSuffix(ct, "javascript") || strings.HasSuffix(ct, "json") ||
		strings.HasSuffix(ct, "+xml") || ct == "application/xml"
}

// write sends a kept answer with the extra headers given (a middleware's, applied last as
// Netlify's edge runtime applies them to the cached response), gzipped when the client takes it.
func (s *stored) write(w http.ResponseWriter, r *http.Request, status string, extra http.Header) {
	h := w.Header()
	for name, values := range s.header {
		h[name] = values
	}
	for name, values := range extra {
		h[name] = values
	}
	// The cache nearest the client first (RFC 9211), then what the function said of its own.
	h["Cache-Status"] = append([]string{`"Netlify Edge"; ` + status}, s.header.Values("Cache-Status")...)
	body := s.body
	if s.gz != nil {
		if !varies(h, "Accept-Encoding") {
			h.Add("Vary", "Accept-Encoding")
		}
		if acceptsGzip(r) {
			body = s.gz
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(s.status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func varies(h http.Header, name string) bool {
	for _, line := range h.Values("Vary") {
		for _, v := range strings.Split(line, ",") {
			if strings.EqualFold(strings.TrimSpace(v), name) {
				return true
			}
		}
	}
	return false
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.TrimSpace(q) != "q=0" {
			return true
		}
	}
	return false
}

// PurgePath is where the edge takes purges, with the body of Netlify's purge API
// ({"cache_tags": [...]}) and the token of PURGE_TOKEN as bearer. On Netlify the Next.js runtime
// calls the platform's API itself whenever the site calls revalidateTag; the local stack has no
// such runtime, so the site's revalidate route calls this (lib/edgePurge.ts). /.netlify/ is
// Netlify's own prefix: no page of the site can be there.
const PurgePath = "/.netlify/purge"

func (e *edge) servePurge(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return
	}
	if e.o.PurgeToken == "" || r.Header.Get("Authorization") != "Bearer "+e.o.PurgeToken {
		http.Error(w, "Unauthorized", http.StatusUnauthorized)
		return
	}
	var body struct {
		CacheTags []string `json:"cache_tags"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&body); err != nil {
		http.Error(w, "Bad Request", http.StatusBadRequest)
		return
	}
	n := e.cdn.purge(body.CacheTags)
	e.o.Logger.Info("edge: purged", "tags", body.CacheTags, "answers", n)
	w.WriteHeader(http.StatusAccepted)
}
