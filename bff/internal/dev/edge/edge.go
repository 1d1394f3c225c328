// Package edge is the local stack's stand-in for Netlify's CDN, the part of production in front of
// everything: it listens where the site does (http://127.0.0.1:3000) and sends each request where
// Netlify would. Development only; production runs on Netlify itself.
//
// It follows the site's own netlify.toml rather than a copy of it: each `[[redirects]]` rule with
// status 200 to an absolute URL is a proxy rewrite, sent on with the JWS Netlify's `signed` option
// adds (X-Nf-Sign, HS256, issuer netlify, 5 minutes; package edgesign), keyed with the secret in
// the variable the rule names. Everything else goes to Next.js, which on Netlify runs as a
// function. On the way it keeps Netlify's limits, so nothing that would fail there passes here:
//   - every request forwarded carries the connecting address in X-Nf-Client-Connection-Ip (what a
//     client sent under that name is dropped) and X-Forwarded-For appended, as Netlify's does;
//   - a proxied or function request that has no answer after Timeout (26 s) ends with a 504;
//   - a request body over MaxFunctionBody (6 MB) to a function is refused with 413: a function's
//     event is buffered whole. Proxy rewrites stream, so uploads to the BFF are not limited here.
package edge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/union-benefits/portal/bff/internal/edgesign"
)

// Netlify's limits, as its documentation states them.
const (
	// Timeout is how long Netlify waits for a proxied request's (and a synchronous function's)
	// answer before it gives up.
	Timeout = 26 * time.Second
	// MaxFunctionBody is the largest request body a synchronous function receives; binary bodies
	// reach it base64-encoded, so a file of about 4.5 MB already fills it.
	MaxFunctionBody = 6 << 20
)

// BFFPlaceholder is the origin netlify.toml's proxy rule names for the BFF; at build time the
// site's own build plugin (netlify/plugins/bff-origin) puts BFF_URL in its place, and here
// Options.BFF does.
const BFFPlaceholder = "https://bff.invalid"

// Rule is one proxy rewrite: requests whose path matches From go to To, signed with Secret.
type Rule struct {
	From   string // a path, or a prefix ending in /*
	To     string // an absolute URL; :splat stands for what From's * matched
	Secret string
}

// Options configure an edge.
type Options struct {
	Rules []Rule
	// BFF are the origins a rule naming BFFPlaceholder goes to, one request to each in turn: the
	// stack's BFF replicas, as Cloud Run spreads requests over its instances. (Going through a
	// balancing proxy of our own as a further hop, the chain of two Go proxies in front of
	// fasthttp cut about one POST in several thousand short.)
	BFF      []*url.URL
	Function *url.URL // Next.js
	// Timeout (proxy rewrites) and MaxFunctionBody default to Netlify's (above); tests shorten
	// the first. FunctionTimeout is Timeout unless set: `make dev` gives Next's dev server,
	// which compiles a page on its first request, longer.
	Timeout         time.Duration
	FunctionTimeout time.Duration
	MaxFunctionBody int64
	// EdgeFunction is where the site's proxy runs on its own, as Netlify runs it in front of the
	// CDN's cache (scripts/edge-function.cjs), which keeps the pages it rewrites as their headers
	// allow (nextruntime.go, cdn.go). Nil, every page goes to Next.js as it is, and Next runs
	// the proxy itself.
	EdgeFunction *url.URL
	// StaticDir is Next's build output (frontend/.next/static), served at /_next/static/ by the
	// edge itself as Netlify's CDN serves a deploy's assets; empty, Next.js serves them.
	StaticDir string
	// PurgeToken is the bearer the purge API (PurgePath) takes; empty, it takes none.
	PurgeToken string
	// MaxCacheBytes bounds the cache (MaxCacheBytes when 0).
	MaxCacheBytes int
	Logger        *slog.Logger
	Now           func() time.Time
}

// ReadNetlifyToml reads the proxy rewrites of the netlify.toml at path: rules of status 200 whose
// destination is an absolute URL (BFFPlaceholder's too, which Options.BFF stands for), each
// `signed` rule with its secret read from getenv. A signed rule whose variable is empty is an
// error, as it would be a rule Netlify forwards unsigned and the BFF refuses.
func ReadNetlifyToml(path string, getenv func(string) string) ([]Rule, error) {
	var file struct {
		Redirects []struct {
			From   string `toml:"from"`
			To     string `toml:"to"`
			Status int    `toml:"status"`
			Force  bool   `toml:"force"`
			Signed string `toml:"signed"`
		} `toml:"redirects"`
	}
	if _, err := toml.DecodeFile(path, &file); err != nil {
		return nil, fmt.Errorf("edge: %w", err)
	}
	var rules []Rule
	for _, r := range file.Redirects {
		if r.Status != http.StatusOK || !strings.HasPrefix(r.To, "http://") && !strings.HasPrefix(r.To, "https://") {
			continue
		}
		rule := Rule{From: r.From, To: r.To}
		if r.Signed != "" {
			if rule.Secret = getenv(r.Signed); rule.Secret == "" {
				return nil, fmt.Errorf("edge: the rule for %s is signed with %s, which is not set", r.From, r.Signed)
			}
		}
		rules = append(rules, rule)
	}
	return rules, nil
}

// New is the edge's handler.
func New(o Options) (http.Handler, error) {
	if o.Timeout <= 0 {
		o.Timeout = Timeout
	}
	if o.FunctionTimeout <= 0 {
		o.FunctionTimeout = o.Timeout
	}
	if o.MaxFunctionBody <= 0 {
		o.MaxFunctionBody = MaxFunctionBody
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.MaxCacheBytes <= 0 {
		o.MaxCacheBytes = MaxCacheBytes
	}
	e := &edge{o: o, cdn: newCDN(o.Now, o.MaxCacheBytes), static: &staticFiles{dir: o.StaticDir, files: map[string]*stored{}},
		transport: originTransport()}
	e.client = &http.Client{Transport: e.transport, CheckRedirect: noRedirects}
	for _, r := range o.Rules {
		p, err := e.proxyFor(r)
		if err != nil {
			return nil, err
		}
		e.proxies = append(e.proxies, p)
	}
	fn := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(o.Function)
			// A function sees the site's own host, as on Netlify: Next builds its redirects and
			// its proxy's rewrites from it.
			pr.Out.Host = pr.In.Host
			forwarded(pr)
		},
		Transport:    e.transport,
		ErrorHandler: e.failed,
		// Next streams pages as it renders them (and its dev server's events).
		FlushInterval: -1,
	}
	e.function = fn
	return e, nil
}

type edge struct {
	o        Options
	proxies  []proxy
	function http.Handler
	cdn      *cdn
	static   *staticFiles
	client   *http.Client // the proxy's decisions and the pages the cache keeps

	transport *http.Transport // every call to an origin
}

// originTransport keeps connections to the origins open, as a CDN's edge does. The default
// transport keeps two idle ones per origin, so with more page loads in flight than that, calls to
// Next closed and reopened connections, a cost no production edge adds to a cached page.
func originTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = 512
	t.MaxIdleConnsPerHost = 128
	return t
}

type proxy struct {
	rule    Rule
	handler http.Handler
}

func (e *edge) proxyFor(r Rule) (proxy, error) {
	to, err := url.Parse(strings.Replace(r.To, ":splat", "", 1))
	if err != nil || to.Host == "" {
		return proxy{}, fmt.Errorf("edge: %q is not an absolute URL", r.To)
	}
	origins := []*url.URL{to}
	if to.Scheme+"://"+to.Host == BFFPlaceholder {
		if len(e.o.BFF) == 0 {
			return proxy{}, fmt.Errorf("edge: the rule for %s names the BFF, and no BFF origin is given", r.From)
		}
		origins = e.o.BFF
	}
	var next atomic.Uint64
	prefix := strings.TrimSuffix(r.From, "*")
	h := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			origin := origins[(next.Add(1)-1)%uint64(len(origins))]
			// The path goes on as the client escaped it: a %2F inside a segment stays one.
			out := pr.Out.URL
			out.Scheme, out.Host = origin.Scheme, origin.Host
			rest := strings.TrimPrefix(pr.In.URL.EscapedPath(), prefix)
			if p, err := url.PathUnescape(to.Path + rest); err == nil {
				out.Path, out.RawPath = p, to.Path+rest
			}
			// The destination's own host, as a CDN calling another origin sends it.
			pr.Out.Host = origin.Host
			forwarded(pr)
			if r.Secret != "" {
				pr.Out.Header.Set(edgesign.Header, edgesign.Sign(r.Secret, edgesign.IssuerEdge, e.o.Now()))
			}
		},
		Transport:     e.transport,
		ErrorHandler:  e.failed,
		FlushInterval: -1,
	}
	return proxy{rule: r, handler: h}, nil
}

// forwarded sets what Netlify's CDN tells an origin about the client (forwardedHeaders).
func forwarded(pr *httputil.ProxyRequest) { forwardedHeaders(pr.In, pr.Out.Header) }

// forwardedHeaders sets on out what Netlify's CDN tells an origin about the client of in: its
// address, under a name only the CDN writes, and the usual X-Forwarded-* headers.
func forwardedHeaders(in *http.Request, out http.Header) {
	out.Del(edgesign.ClientIPHeader)
	out.Del(edgesign.Header)
	ip, _, err := net.SplitHostPort(in.RemoteAddr)
	if err == nil {
		out.Set(edgesign.ClientIPHeader, ip)
	}
	// Netlify appends to what the client sent.
	forwardedFor := strings.Join(in.Header.Values("X-Forwarded-For"), ", ")
	if ip != "" {
		if forwardedFor != "" {
			forwardedFor += ", "
		}
		forwardedFor += ip
	}
	if forwardedFor != "" {
		out.Set("X-Forwarded-For", forwardedFor)
	}
	proto := "http"
	if in.TLS != nil {
		proto = "https"
	}
	out.Set("X-Forwarded-Proto", proto)
	// Next.js builds absolute addresses (redirects) from the host the browser used.
	out.Set("X-Forwarded-Host", in.Host)
}

func (e *edge) match(path string) *proxy {
	for i := range e.proxies {
		p := &e.proxies[i]
		from := p.rule.From
		if strings.HasSuffix(from, "*") && strings.HasPrefix(path, strings.TrimSuffix(from, "*")) || path == from {
			return p
		}
	}
	return nil
}

// ServeHTTP sends the request to the rule it matches, or to the function, within Netlify's limits.
func (e *edge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Only the edge speaks to the proxy in its own headers (nextruntime.go).
	for name := range r.Header {
		if strings.HasPrefix(name, edgeHeaderPrefix) {
			r.Header.Del(name)
		}
	}
	if r.URL.Path == PurgePath {
		e.servePurge(w, r)
		return
	}
	if e.static.serve(w, r) {
		return
	}
	p := e.match(r.URL.Path)
	limit := e.o.FunctionTimeout
	if p != nil {
		limit = e.o.Timeout
	}
	// A WebSocket (Next's dev server's updates) is a connection, not a request to time.
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		ctx, cancel := context.WithTimeoutCause(r.Context(), limit, errTimeout)
		defer cancel()
		r = r.WithContext(ctx)
	}
	if p != nil {
		p.handler.ServeHTTP(w, r)
		return
	}
	if e.servePage(w, r) {
		return
	}
	if r.ContentLength > e.o.MaxFunctionBody {
		e.tooLarge(w, r)
		return
	}
	if r.Body != nil && r.Body != http.NoBody {
		// A function gets its event whole: the body is read first, and one longer than the limit
		// never reaches it, declared or not.
		body, err := io.ReadAll(io.LimitReader(r.Body, e.o.MaxFunctionBody+1))
		if err != nil {
			http.Error(w, "Bad Request", http.StatusBadRequest)
			return
		}
		if int64(len(body)) > e.o.MaxFunctionBody {
			e.tooLarge(w, r)
			return
		}
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
		r.TransferEncoding = nil
	}
	e.function.ServeHTTP(w, r)
}

var errTimeout = errors.New("edge: no answer within Netlify's limit")

func (e *edge) tooLarge(w http.ResponseWriter, r *http.Request) {
	e.o.Logger.Warn("edge: request body over the function limit", "path", r.URL.Path, "bytes", r.ContentLength)
	w.Header().Set("Connection", "close")
	http.Error(w, "Payload Too Large: a function's request body is limited to 6 MB.", http.StatusRequestEntityTooLarge)
}

// failed answers as Netlify does when the origin cannot: a 504 once the time limit passed, else a
// 502.
func (e *edge) failed(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(context.Cause(r.Context()), errTimeout):
		e.o.Logger.Warn("edge: origin did not answer in time", "path", r.URL.Path)
		http.Error(w, "Gateway Timeout: the origin did not answer in time.", http.StatusGatewayTimeout)
	case errors.Is(err, context.Canceled):
		// The client left; nobody reads an answer.
	default:
		e.o.Logger.Warn("edge: origin unreachable", "path", r.URL.Path, "err", err)
		http.Error(w, "Bad Gateway", http.StatusBadGateway)
	}
}

// Signer is an http.RoundTripper that signs every request it sends as the Next.js server does
// (edgesign.IssuerServer, keyed with Secret), for the development tools that call the BFF itself
// rather than through the edge (make soak, make bench). A request that names no client in
// edgesign.ClientIPHeader is our own server's, as Next's shared reads are.
type Signer struct {
	Base   http.RoundTripper // http.DefaultTransport when nil
	Secret string
}

// RoundTrip signs req and sends it.
func (s Signer) RoundTrip(req *http.Request) (*http.Response, error) {
	base := s.Base
	if base == nil {
		base = http.DefaultTransport
	}
	req = req.Clone(req.Context())
	req.Header.Set(edgesign.Header, edgesign.Sign(s.Secret, edgesign.IssuerServer, time.Now()))
	return base.RoundTrip(req)
}
