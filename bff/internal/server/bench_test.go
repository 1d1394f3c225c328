package server_test

import (
	"net"
	"testing"

	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/httpapi"
)

// The BFF's own cost of a request, in process and without a network: the handler of the public
// listener answering a cached page document, against the admin listener's /healthz (issue 38's
// guard, which `make bench` measures over loopback with the BFF in a process of its own). The
// allocations per request are exact whatever else the machine runs; the time is not, so compare
// it only within one run: go test -run ^$ -bench . -benchmem ./bff/internal/server/

func BenchmarkACachedPageDocument(b *testing.B) {
	bff := harness.NewBFF(b, harness.Config(harness.StartCMS(b).URL, nil))
	header := harness.ServerHeaders("203.0.113.7")
	header.Set("Accept-Encoding", "gzip, deflate, br") // as Next's fetch asks
	serve(b, bff.Server.App.Handler(), "/api/v1/page?path=/", header)
}

// The same handler as BenchmarkHealthz behind the public listener's middleware, signed as the
// document's request is: what every public answer pays before its route.
func BenchmarkHealthzBehindTheMiddleware(b *testing.B) {
	bff := harness.NewBFF(b, harness.Config(harness.StartCMS(b).URL, nil))
	app := httpapi.New(bff.Server.HTTP, func(api fiber.Router) { api.Get("/healthz", httpapi.Healthz) })
	serve(b, app.Handler(), "/api/v1/healthz", harness.ServerHeaders("203.0.113.7"))
}

func BenchmarkHealthz(b *testing.B) {
	bff := harness.NewBFF(b, harness.Config(harness.StartCMS(b).URL, nil))
	serve(b, bff.Server.Admin.Handler(), "/healthz", nil)
}

// serve runs GET uri through handler b.N times (after one to warm the cache); each must answer
// 200.
func serve(b *testing.B, handler fasthttp.RequestHandler, uri string, header map[string][]string) {
	var ctx fasthttp.RequestCtx
	ctx.Init(&fasthttp.Request{}, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 40000}, nil)
	do := func() {
		ctx.Request.Reset()
		ctx.Response.Reset()
		ctx.Request.SetRequestURI(uri)
		ctx.Request.Header.SetMethod(fasthttp.MethodGet)
		ctx.Request.Header.SetHost("bff.internal")
		for k, vs := range header {
			for _, v := range vs {
				ctx.Request.Header.Add(k, v)
			}
		}
		handler(&ctx)
		if ctx.Response.StatusCode() != fasthttp.StatusOK {
			b.Fatalf("GET %s: %d %s", uri, ctx.Response.StatusCode(), ctx.Response.Body())
		}
	}
	do()
	b.ReportAllocs()
	for b.Loop() {
		do()
	}
}
