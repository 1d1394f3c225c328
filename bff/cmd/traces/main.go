// Command traces serves the local stack's trace viewer (package traces): an OTLP/HTTP receiver
// both tiers export to, keeping the newest traces in memory, with a page per trace:
//
//	go run ./bff/cmd/traces -addr 127.0.0.1:4318
//
// It answers POST /v1/traces, GET /, /traces/{id}, /api/traces[/{id}] and /healthz and stops
// gracefully on SIGINT or SIGTERM.
package main

import (
	"flag"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/serve"
	"github.com/union-benefits/portal/bff/internal/dev/traces"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:4318", "address to listen on (4318 is OTLP/HTTP's own port)")
	keep := flag.Int("keep", 2000, "how many traces to keep, the newest")
	flag.Parse()
	serve.Command("traces", func(log *slog.Logger) error {
		srv := &http.Server{Handler: traces.NewHandler(traces.NewStore(*keep)), ReadHeaderTimeout: 5 * time.Second}
		return serve.Listen(log, "traces", *addr, srv, "keep", strconv.Itoa(*keep))
	})
}
