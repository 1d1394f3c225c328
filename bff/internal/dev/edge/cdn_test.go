package edge

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// fakeNext answers as the site's proxy does as an edge function (fakeProxy) and as Next does
// behind the edge: a page load without a session is rewritten to /visitor/{union}/{path} (the page
// cache), anything else is rendered per request. Its renders are counted, so a test sees what the
// cache spared it.
type fakeNext struct {
	renders  atomic.Int32
	phases   chan string
	status   int    // of the page cache's answers (200 unless a test says otherwise)
	setCooky bool   // the page cache's answers set a cookie
	cache    string // x-nextjs-cache of the page cache's answers
}

// fakeProxy is the site's proxy as an edge function, in Next's own protocol: for a visitor, a
// rewrite on a loopback host written as Next writes it (localhost), keeping every request header
// but X-Forged and adding the union's.
func fakeProxy(w http.ResponseWriter, r *http.Request) {
	if _, err := r.Cookie("session"); err == nil {
		w.Header().Set("X-Middleware-Next", "1")
		return
	}
	union := "-"
	if c, err := r.Cookie("union"); err == nil {
		union = c.Value
	}
	_, port, _ := strings.Cut(r.Host, ":")
	w.Header().Set("X-Middleware-Rewrite", "http://localhost:"+port+"/visitor/"+union+r.URL.Path)
	r.Header.Set("X-Portal-Union", union)
	r.Header.Del("X-Forged")
	var names []string
	for name := range r.Header {
		names = append(names, strings.ToLower(name))
		w.Header().Set("X-Middleware-Request-"+name, r.Header.Get(name))
	}
	w.Header().Set("X-Middleware-Override-Headers", strings.Join(names, ","))
	w.Header().Set("Content-Security-Policy", "script-src 'nonce-cached'")
	w.Header().Set("Cache-Control", "private, no-store")
}

func (f *fakeNext) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	phase := r.Header.Get(PhaseHeader)
	select {
	case f.phases <- phase:
	default:
	}
	if phase == phaseFunction {
		n := f.renders.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "s-maxage=300, stale-while-revalidate=31535700")
		w.Header().Set("X-Nextjs-Cache", f.cache)
		w.Header().Set("Netlify-Cache-Tag", "pages")
		if f.setCooky {
			w.Header().Set("Set-Cookie", "x=1")
		}
		if r.Header.Get("X-Forged") != "" {
			n = -1 // the proxy's list leaves it out: never seen
		}
		w.WriteHeader(f.status)
		fmt.Fprintf(w, "%s for %s (union %s) #%d", r.URL.Path, r.Header.Get(RewriteHeader), r.Header.Get("X-Portal-Union"), n)
		return
	}
	n := f.renders.Add(1)
	w.Header().Set("Cache-Control", "private, no-cache, no-store, max-age=0, must-revalidate")
	fmt.Fprintf(w, "%s per request #%d", r.URL.Path, n)
}

func cdnStack(t *testing.T, f *fakeNext) string {
	t.Helper()
	if f.status == 0 {
		f.status = http.StatusOK
	}
	if f.cache == "" {
		f.cache = "HIT"
	}
	f.phases = make(chan string, 64)
	next := httptest.NewServer(f)
	t.Cleanup(next.Close)
	proxy := httptest.NewServer(http.HandlerFunc(fakeProxy))
	t.Cleanup(proxy.Close)
	fn, _ := url.Parse(next.URL)
	ef, _ := url.Parse(proxy.URL)
	h, err := New(Options{Function: fn, EdgeFunction: ef, PurgeToken: "purge-token"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// load is a browser's page load (Sec-Fetch-Dest: document) with the given cookies.
func load(t *testing.T, u string, cookies ...string) (string, http.Header) {
	t.Helper()
	header := http.Header{"Sec-Fetch-Dest": {"document"}, "X-Forged": {"1"}}
	if len(cookies) > 0 {
		header.Set("Cookie", strings.Join(cookies, "; "))
	}
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	req.Header = header
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b), resp.Header
}

func purge(t *testing.T, site, token, body string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, site+PurgePath, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestAVisitorsPageIsKeptUnderTheAddressTheProxyRewroteItTo(t *testing.T) {
	f := &fakeNext{}
	site := cdnStack(t, f)
	first, h := load(t, site+"/benefits/wireless", "union=37")
	if first != "/benefits/wireless for /visitor/37/benefits/wireless (union 37) #1" {
		t.Fatalf("first load: %q", first)
	}
	if got := h.Get("Cache-Status"); !strings.HasPrefix(got, `"Netlify Edge"; fwd=miss; stored`) {
		t.Errorf("first load's Cache-Status = %q", got)
	}
	second, h := load(t, site+"/benefits/wireless", "union=37")
	if second != first || f.renders.Load() != 1 {
		t.Fatalf("second load %q after %d renders: want the kept page, rendered once", second, f.renders.Load())
	}
	if !strings.HasPrefix(h.Get("Cache-Status"), `"Netlify Edge"; hit`) {
		t.Errorf("second load's Cache-Status = %q", h.Get("Cache-Status"))
	}
	// The proxy's headers go on the kept page too, as Netlify's runtime adds an edge function's:
	// the browser is told not to keep it, and the CDN's own directives stay at the CDN.
	if h.Get("Cache-Control") != "private, no-store" || h.Get("Content-Security-Policy") != "script-src 'nonce-cached'" {
		t.Errorf("kept page's headers: Cache-Control %q, CSP %q", h.Get("Cache-Control"), h.Get("Content-Security-Policy"))
	}
	if h.Get("Netlify-Cdn-Cache-Control") != "" || h.Get("Netlify-Cache-Tag") != "" {
		t.Errorf("the CDN's directives reached the browser: %v", h)
	}
	other, _ := load(t, site+"/benefits/wireless", "union=12")
	if !strings.Contains(other, "union 12") {
		t.Errorf("another union's visitor got %q", other)
	}
}

func TestAMembersPageIsNeverKeptNorServedAVisitorsPage(t *testing.T) {
	f := &fakeNext{}
	site := cdnStack(t, f)
	visitor, _ := load(t, site+"/benefits/wireless", "union=37")
	for i := 0; i < 2; i++ {
		member, h := load(t, site+"/benefits/wireless", "union=37", "session=s")
		if member == visitor || !strings.Contains(member, "per request") || h.Get("Cache-Status") != "" {
			t.Fatalf("member's load %d: %q (Cache-Status %q)", i, member, h.Get("Cache-Status"))
		}
	}
	if again, _ := load(t, site+"/benefits/wireless", "union=37"); again != visitor {
		t.Errorf("the visitor's page after the member's: %q, want %q", again, visitor)
	}
}

func TestOnlyAnswersTheirHeadersAllowAreKept(t *testing.T) {
	for name, f := range map[string]*fakeNext{
		"server error":        {status: http.StatusInternalServerError},
		"setting a cookie":    {setCooky: true},
		"stale (revalidated)": {cache: "STALE"},
	} {
		t.Run(name, func(t *testing.T) {
			site := cdnStack(t, f)
			load(t, site+"/a", "union=1")
			load(t, site+"/a", "union=1")
			if f.renders.Load() != 2 {
				t.Errorf("%d renders for two loads: the answer was kept", f.renders.Load())
			}
		})
	}
}

func TestAPurgeByTagDropsThePages(t *testing.T) {
	f := &fakeNext{}
	site := cdnStack(t, f)
	load(t, site+"/a", "union=1")
	if code := purge(t, site, "wrong", `{"cache_tags":["pages"]}`); code != http.StatusUnauthorized {
		t.Errorf("purge with a wrong token: %d", code)
	}
	if code := purge(t, site, "purge-token", `{"cache_tags":["other"]}`); code != http.StatusAccepted {
		t.Fatalf("purge: %d", code)
	}
	load(t, site+"/a", "union=1")
	if f.renders.Load() != 1 {
		t.Fatalf("a purge of another tag dropped the page")
	}
	purge(t, site, "purge-token", `{"cache_tags":["pages"]}`)
	if got, _ := load(t, site+"/a", "union=1"); !strings.HasSuffix(got, "#2") {
		t.Errorf("after the purge: %q, want a fresh render", got)
	}
}

func TestOnlyTheEdgeSpeaksToTheProxyInItsHeaders(t *testing.T) {
	f := &fakeNext{}
	site := cdnStack(t, f)
	req, _ := http.NewRequest(http.MethodGet, site+"/a", nil)
	req.Header.Set(PhaseHeader, phaseFunction)
	req.Header.Set(RewriteHeader, "/visitor/x/a")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := <-f.phases; got != "" {
		t.Errorf("Next saw the phase %q a client sent", got)
	}
}

func TestNextsHeadersBecomeTheCDNsAsNetlifysRuntimeMakesThem(t *testing.T) {
	for _, c := range []struct {
		name               string
		in                 http.Header
		browser, cdn, vary string
	}{
		{"a kept page", http.Header{"Cache-Control": {"s-maxage=300, stale-while-revalidate=31535700"}, "X-Nextjs-Cache": {"HIT"},
			"Vary": {"rsc, Accept-Encoding"}},
			revalidateEveryVisit, "s-maxage=300, stale-while-revalidate=31535700, durable",
			"query=__nextDataReq|_rsc,header=x-nextjs-data|x-next-debug-logging|next-router-prefetch|next-router-segment-prefetch|next-router-state-tree|next-url|rsc|rsc|accept-encoding,cookie=__prerender_bypass|__next_preview_data"},
		{"a stale page", http.Header{"Cache-Control": {"s-maxage=300"}, "X-Nextjs-Cache": {"STALE"}},
			revalidateEveryVisit, "public, max-age=0, must-revalidate, durable", ""},
		{"a page per request", http.Header{"Cache-Control": {"private, no-cache, no-store, max-age=0, must-revalidate"}},
			"private, no-cache, no-store, max-age=0, must-revalidate", "private, no-cache, no-store, max-age=0, must-revalidate, durable", ""},
		{"the site's own vary", http.Header{"Netlify-Vary": {"query,cookie=union"}}, "", "",
			"query,header=x-nextjs-data|x-next-debug-logging|next-router-prefetch|next-router-segment-prefetch|next-router-state-tree|next-url|rsc,cookie=__prerender_bypass|__next_preview_data|union"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := c.in.Clone()
			nextRuntimeHeaders(h)
			if h.Get("Cache-Control") != c.browser || h.Get("Netlify-Cdn-Cache-Control") != c.cdn {
				t.Errorf("Cache-Control %q, Netlify-CDN-Cache-Control %q", h.Get("Cache-Control"), h.Get("Netlify-Cdn-Cache-Control"))
			}
			if c.vary != "" && h.Get("Netlify-Vary") != c.vary {
				t.Errorf("Netlify-Vary %q\n want %q", h.Get("Netlify-Vary"), c.vary)
			}
		})
	}
}

func TestTheBuildsAssetsComeFromTheEdge(t *testing.T) {
	dir := t.TempDir()
	js := strings.Repeat("console.log('x');", 200)
	if err := os.MkdirAll(filepath.Join(dir, "chunks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "chunks", "a.js"), []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	fn, _ := url.Parse("http://127.0.0.1:1") // nothing listens: Next is never asked
	h, err := New(Options{Function: fn, StaticDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, enc := range []string{"", "gzip"} {
		req := httptest.NewRequest(http.MethodGet, StaticPrefix+"chunks/a.js", nil)
		req.Header.Set("Accept-Encoding", enc)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" ||
			rec.Header().Get("Content-Encoding") != enc {
			t.Errorf("Accept-Encoding %q: %d %v", enc, rec.Code, rec.Header())
		}
		if enc == "" && rec.Body.String() != js {
			t.Errorf("body differs")
		}
	}
	req := httptest.NewRequest(http.MethodGet, StaticPrefix+"../secret", nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code == http.StatusOK {
		t.Errorf("a path out of the directory was served")
	}
}

func TestARewriteOffTheSiteIsNotTheEdgesToMake(t *testing.T) {
	f := &fakeNext{status: http.StatusOK, cache: "HIT", phases: make(chan string, 64)}
	next := httptest.NewServer(f)
	t.Cleanup(next.Close)
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("X-Middleware-Rewrite", "http://elsewhere.example/visitor/1/a")
	}))
	t.Cleanup(proxy.Close)
	fn, _ := url.Parse(next.URL)
	ef, _ := url.Parse(proxy.URL)
	h, err := New(Options{Function: fn, EdgeFunction: ef})
	if err != nil {
		t.Fatal(err)
	}
	site := httptest.NewServer(h)
	t.Cleanup(site.Close)
	// The request goes on to Next as it came, which runs the proxy itself: nothing is kept.
	for i := 1; i <= 2; i++ {
		if got, h := load(t, site.URL+"/a", "union=1"); got != fmt.Sprintf("/a per request #%d", i) || h.Get("Cache-Status") != "" {
			t.Fatalf("load %d: %q (Cache-Status %q)", i, got, h.Get("Cache-Status"))
		}
	}
}
