// Command edge is the local stack's stand-in for Netlify's CDN (package edge): it listens where the
// site does and follows the repository's netlify.toml, sending its signed proxy rewrite
// (/api/v1/*) to the BFF and everything else to Next.js, within Netlify's limits.
//
//	edge -addr 127.0.0.1:3000 -netlify netlify.toml -bff http://127.0.0.1:8080 -function http://127.0.0.1:3001
//
// With several BFF replicas, -bff names each (comma-separated) and the edge takes them in turn.
// -edge-function names where the site's proxy runs on its own (scripts/edge-function.cjs): the edge
// asks it about each page load in front of the CDN's cache, as Netlify's Next.js runtime does
// (pages it rewrites are kept as their headers allow), and -static serves Next's build output at
// /_next/static/ as the CDN serves a deploy's files.
//
// The secret each signed rule names is read from the environment (EDGE_SIGNING_SECRET), and the
// purge API's token from NETLIFY_PURGE_API_TOKEN (the name Netlify gives its own). It stops
// gracefully on SIGINT or SIGTERM.
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/edge"
	"github.com/union-benefits/portal/bff/internal/dev/serve"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:3000", "address to listen on")
	netlify := flag.String("netlify", "netlify.toml", "the site's Netlify configuration, whose proxy rewrites the edge follows")
	bff := flag.String("bff", "http://127.0.0.1:8080", "the BFF's origins, comma-separated, put in turn where netlify.toml names "+edge.BFFPlaceholder)
	function := flag.String("function", "http://127.0.0.1:3001", "Next.js, which Netlify runs as a function")
	functionTimeout := flag.Duration("function-timeout", edge.Timeout,
		"how long a function may take to answer (Netlify: 26s; `make dev` allows Next's first compile of a page longer)")
	edgeFunction := flag.String("edge-function", "", "the site's proxy run as an edge function (scripts/edge-function.cjs), asked in front of the CDN's cache as Netlify's Next.js runtime does")
	static := flag.String("static", "", "Next's build output (frontend/.next/static), served at /_next/static/")
	flag.Parse()
	o := edge.Options{FunctionTimeout: *functionTimeout, StaticDir: *static,
		PurgeToken: os.Getenv("NETLIFY_PURGE_API_TOKEN")}
	if *edgeFunction != "" {
		u, err := url.Parse(*edgeFunction)
		if err != nil || u.Host == "" {
			fmt.Fprintf(os.Stderr, "edge: -edge-function: %q is not an origin\n", *edgeFunction)
			os.Exit(2)
		}
		o.EdgeFunction = u
	}
	serve.Command("edge", func(log *slog.Logger) error {
		return run(log, *addr, *netlify, *bff, *function, o)
	})
}

func run(log *slog.Logger, addr, netlify, bff, function string, o edge.Options) error {
	rules, err := edge.ReadNetlifyToml(netlify, os.Getenv)
	if err != nil {
		return err
	}
	var bffs []*url.URL
	for _, b := range strings.Split(bff, ",") {
		u, err := url.Parse(strings.TrimSpace(b))
		if err != nil || u.Host == "" {
			return fmt.Errorf("-bff: %q is not an origin", b)
		}
		bffs = append(bffs, u)
	}
	fn, err := url.Parse(function)
	if err != nil {
		return err
	}
	o.Rules, o.BFF, o.Function, o.Logger = rules, bffs, fn, log
	h, err := edge.New(o)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	edgeFunction := "none: Next runs the proxy"
	if o.EdgeFunction != nil {
		edgeFunction = o.EdgeFunction.String()
	}
	return serve.Listen(log, "edge", addr, srv, "rules", len(rules), "function", function, "edge_function", edgeFunction)
}
