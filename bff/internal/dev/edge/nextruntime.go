package edge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// What Netlify's Next.js runtime (@netlify/plugin-nextjs 5) does around the site's proxy and its
// pages, as far as the CDN sees it. Netlify runs Next's proxy (proxy.ts) as an edge function in
// front of its cache; when the proxy rewrites, the runtime sends the rewritten address on through
// the cache to the Next.js function ("the server handler receives the rewrite target as its URL
// (that's the CDN cache key)", edge-runtime/lib/response.ts), and adds the proxy's own response
// headers to whatever comes back, cached or not. In the function, the runtime turns Next's
// Cache-Control into the CDN's (run/headers.ts: setCacheControlHeaders, setVaryHeaders,
// setCacheStatusHeader), and tags the answer with the page's cache tags, which revalidateTag
// purges.
//
// The local stack runs the proxy as the runtime does, on its own (Options.EdgeFunction,
// scripts/edge-function.cjs), and reads its answer as the runtime's edge function does
// (edge-runtime/lib/response.ts, headers.ts): a rewrite to a path of the site
// (X-Middleware-Rewrite) with the request's headers as the proxy left them
// (X-Middleware-Override-Headers names every one, X-Middleware-Request-* gives each value), and
// headers for the answer. For a rewrite the edge looks the rewritten address up in its cache
// (cdn.go), and only on a miss asks Next for the page. `next start` runs the proxy again on every
// request it gets, where Netlify's function runs none, so the edge names the rewrite it made
// (PhaseHeader: function, RewriteHeader), and the proxy makes that one
// (frontend/lib/edgePhases.ts). The proxy takes these headers only from the stack's edge
// (LOCAL_EDGE_ORIGIN); the edge drops any a client sends. Anything but a rewrite (no rewrite, a
// redirect, an answer of the proxy's own) goes on to Next as it came, which runs the proxy and
// does the same.
const (
	PhaseHeader          = "X-Edge-Phase"
	RewriteHeader        = "X-Edge-Rewrite"
	phaseFunction        = "function"
	edgeHeaderPrefix     = "X-Edge-"
	oneYear              = "31536000"
	durable              = "durable"
	revalidateEveryVisit = "public, max-age=0, must-revalidate"
)

// Next's protocol between a proxy and the server that runs it (next/server's NextResponse).
const (
	middlewareRewrite   = "X-Middleware-Rewrite"
	middlewareOverride  = "X-Middleware-Override-Headers"
	middlewareRequest   = "X-Middleware-Request-"
	middlewareHeaderTag = "X-Middleware-"
)

// decision is what the proxy did with a request: a rewrite to a path of the site, the request's
// headers for the function (nil when the proxy left them), and the headers it adds to the answer.
type decision struct {
	rewrite string
	request http.Header
	header  http.Header
}

// servePage serves a browser's page load through the proxy's decision and the cache, and says
// whether it did; anything else (and a page the proxy does not rewrite) goes to the function as
// it is. Only page loads can be kept: the proxy rewrites nothing else to the page cache.
func (e *edge) servePage(w http.ResponseWriter, r *http.Request) bool {
	if e.o.EdgeFunction == nil || r.Method != http.MethodGet && r.Method != http.MethodHead ||
		r.Header.Get("Sec-Fetch-Dest") != "document" {
		return false
	}
	d, err := e.middleware(r)
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			e.o.Logger.Warn("edge: the proxy gave no decision; the request goes on as it is", "path", r.URL.Path, "err", err)
		}
		return false
	}
	if d.rewrite == "" {
		return false
	}
	target, err := url.Parse(d.rewrite)
	if err != nil || target.Host != "" || !strings.HasPrefix(target.Path, "/") {
		e.o.Logger.Warn("edge: the proxy rewrote to no path of the site", "rewrite", d.rewrite)
		return false
	}
	fr := r.Clone(r.Context())
	if d.request != nil {
		fr.Header = d.request
	}
	if s := e.cdn.lookup(target, fr); s != nil {
		s.write(w, r, "hit", d.header)
		return true
	}
	status, header, body, err := e.page(fr, d.rewrite)
	if err != nil {
		e.failed(w, r, err)
		return true
	}
	nextRuntimeHeaders(header)
	state := "fwd=miss"
	if e.cdn.store(target, fr, status, header, body) {
		state += "; stored"
	}
	(&stored{status: status, header: storedHeader(header), body: body, gz: gzipped(header, body)}).write(w, r, state, d.header)
	return true
}

// noRedirects keeps the proxy's redirects as answers: they are the proxy's to send, not ours to follow.
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// middleware asks the proxy, running as an edge function, what it does with r, and reads its
// answer as Netlify's runtime does. Only a plain 200 can be a rewrite; the rewrite must stay on
// the site's own origin (the runtime proxies another one, which this site's proxy never asks).
func (e *edge) middleware(r *http.Request) (decision, error) {
	req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, e.o.EdgeFunction.String()+r.URL.RequestURI(), nil)
	if err != nil {
		return decision{}, err
	}
	req.Header = r.Header.Clone()
	req.Host = r.Host
	forwardedHeaders(r, req.Header)
	resp, err := e.client.Do(req)
	if err != nil {
		return decision{}, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	var d decision
	if resp.StatusCode != http.StatusOK {
		return d, nil
	}
	if rewrite := resp.Header.Get(middlewareRewrite); rewrite != "" {
		u, err := url.Parse(rewrite)
		if err != nil || u.Host != "" && !sameHost(u.Host, r.Host) {
			return decision{}, fmt.Errorf("a rewrite off the site: %q", rewrite)
		}
		d.rewrite = u.RequestURI()
	}
	if list := resp.Header.Get(middlewareOverride); list != "" {
		// The list names every header the request keeps: the others are gone.
		d.request = http.Header{}
		for _, name := range strings.Split(list, ",") {
			name = strings.TrimSpace(name)
			if value := resp.Header.Get(middlewareRequest + name); name != "" && value != "" {
				d.request.Set(name, value)
			}
		}
	}
	d.header = http.Header{}
	for name, values := range resp.Header {
		switch {
		case strings.HasPrefix(name, middlewareHeaderTag):
		case name == "Content-Length", name == "Content-Type", name == "Date", name == "Connection",
			name == "Keep-Alive", name == "Transfer-Encoding", name == "Vary":
		default:
			d.header[name] = values
		}
	}
	return d, nil
}

// sameHost says whether a rewrite's host is the request's own. Next writes a loopback host as
// localhost whatever the request said (next/server's NextURL), so loopback names count as one.
func sameHost(rewrite, request string) bool {
	if rewrite == request {
		return true
	}
	rh, rp, err1 := net.SplitHostPort(rewrite)
	qh, qp, err2 := net.SplitHostPort(request)
	return err1 == nil && err2 == nil && rp == qp && loopbackName(rh) && loopbackName(qh)
}

func loopbackName(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// page asks Next for the page of the rewrite, as Netlify's runtime does once its cache missed:
// the whole answer, uncompressed (the CDN compresses), for the cache to keep.
func (e *edge) page(r *http.Request, rewrite string) (int, http.Header, []byte, error) {
	req, err := e.functionRequest(r, r.Header)
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set(PhaseHeader, phaseFunction)
	req.Header.Set(RewriteHeader, rewrite)
	req.Header.Del("Accept-Encoding")
	resp, err := e.client.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, nil, err
	}
	return resp.StatusCode, resp.Header, body, nil
}

// functionRequest is r as the function receives it from the CDN, with the given headers.
func (e *edge) functionRequest(r *http.Request, header http.Header) (*http.Request, error) {
	req, err := http.NewRequestWithContext(r.Context(), r.Method, e.o.Function.String()+r.URL.RequestURI(), nil)
	if err != nil {
		return nil, err
	}
	req.Header = header.Clone()
	req.Host = r.Host
	forwardedHeaders(r, req.Header)
	return req, nil
}

// The headers Netlify's Next.js runtime varies every answer on (run/headers.ts setVaryHeaders):
// the client router's requests are answered with other bytes than a page load.
var (
	runtimeVaryHeaders = []string{"x-nextjs-data", "x-next-debug-logging", "Next-Router-Prefetch",
		"Next-Router-Segment-Prefetch", "Next-Router-State-Tree", "Next-Url", "RSC"}
	runtimeVaryCookies = []string{"__prerender_bypass", "__next_preview_data"}
	runtimeVaryQuery   = []string{"__nextDataReq", "_rsc"}
	nextCacheStatus    = map[string]string{"HIT": "hit", "MISS": "fwd=miss", "STALE": "hit; fwd=stale"}
)

// nextRuntimeHeaders turns the headers of Next's answer for a GET into what Netlify's runtime
// sends the CDN (run/headers.ts): a page Next keeps (x-nextjs-cache) or marks with its own
// Cache-Control gives the CDN that Cache-Control, durable, with stale-while-revalidate for a year;
// the browser gets it without s-maxage and stale-while-revalidate; a stale page is never kept.
func nextRuntimeHeaders(h http.Header) {
	nextCache := h.Get("X-Nextjs-Cache")
	if cc := h.Get("Cache-Control"); cc != "" && (nextCache != "" ||
		h.Get("Cdn-Cache-Control") == "" && h.Get("Netlify-Cdn-Cache-Control") == "") {
		var browser, cdn []string
		for _, v := range splitList(cc) {
			if !strings.HasPrefix(v, "s-maxage") && !strings.HasPrefix(v, "stale-while-revalidate") {
				browser = append(browser, v)
			}
		}
		source := h.Get("Cdn-Cache-Control")
		if source == "" {
			source = cc
		}
		if nextCache == "STALE" {
			cdn = []string{revalidateEveryVisit, durable}
		} else {
			for _, v := range splitList(source) {
				if v == "stale-while-revalidate" {
					v += "=" + oneYear
				}
				cdn = append(cdn, v)
			}
			cdn = append(cdn, durable)
		}
		if len(browser) == 0 {
			browser = []string{revalidateEveryVisit}
		}
		h.Set("Cache-Control", strings.Join(browser, ", "))
		h.Del("Cdn-Cache-Control")
		h.Set("Netlify-Cdn-Cache-Control", strings.Join(cdn, ", "))
	}
	if status, ok := nextCacheStatus[nextCache]; ok {
		h.Set("Cache-Status", `"Next.js"; `+status)
	}
	h.Del("X-Nextjs-Cache")

	headers := append([]string(nil), runtimeVaryHeaders...)
	for _, line := range h.Values("Vary") {
		headers = append(headers, splitList(line)...)
	}
	cookies := append([]string(nil), runtimeVaryCookies...)
	query := append([]string(nil), runtimeVaryQuery...)
	allQuery := false
	for _, directive := range splitList(h.Get("Netlify-Vary")) {
		name, values, _ := strings.Cut(directive, "=")
		list := strings.FieldsFunc(values, func(r rune) bool { return r == '|' })
		switch name {
		case "query":
			allQuery = allQuery || values == ""
			query = append(query, list...)
		case "header":
			headers = append(headers, list...)
		case "cookie":
			cookies = append(cookies, list...)
		}
	}
	vary := []string{"header=" + strings.ToLower(strings.Join(headers, "|")), "cookie=" + strings.Join(cookies, "|")}
	if allQuery {
		vary = append([]string{"query"}, vary...)
	} else {
		vary = append([]string{"query=" + strings.Join(query, "|")}, vary...)
	}
	h.Set("Netlify-Vary", strings.Join(vary, ","))
}

func splitList(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// StaticPrefix is where Next's build output lives on the CDN: Netlify serves /_next/static/ from
// the deploy's files, never through a function, for a year (the names carry their content hash).
const StaticPrefix = "/_next/static/"

// staticFiles serves the files of Options.StaticDir, each read and gzipped once, as the CDN keeps
// a deploy's assets.
type staticFiles struct {
	dir   string
	mu    sync.Mutex
	files map[string]*stored
}

func (s *staticFiles) serve(w http.ResponseWriter, r *http.Request) bool {
	if s == nil || s.dir == "" || !strings.HasPrefix(r.URL.Path, StaticPrefix) ||
		r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	name := path.Clean(strings.TrimPrefix(r.URL.Path, StaticPrefix))
	if name == "." || strings.HasPrefix(name, "..") {
		return false
	}
	s.mu.Lock()
	f := s.files[name]
	s.mu.Unlock()
	if f == nil {
		body, err := os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(name)))
		if err != nil {
			return false // Next answers what the deploy does not have (its 404)
		}
		h := http.Header{}
		ct := mime.TypeByExtension(path.Ext(name))
		if ct == "" {
			ct = http.DetectContentType(body)
		}
		h.Set("Content-Type", ct)
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		f = &stored{status: http.StatusOK, header: h, body: body, gz: gzipped(h, body)}
		s.mu.Lock()
		s.files[name] = f
		s.mu.Unlock()
	}
	f.write(w, r, "hit", nil)
	return true
}
