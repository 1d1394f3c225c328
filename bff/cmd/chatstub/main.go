// Command chatstub serves the offline stand-in of the livestream chat's provider (package
// chatstub) for make dev and make test, from an origin of its own:
//
//	go run ./bff/cmd/chatstub -addr 127.0.0.1:8086
//
// It answers GET /sdk.js, /room and /healthz and stops gracefully on SIGINT or SIGTERM.
package main

import (
	"flag"
	"log/slog"
	"net/http"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/serve"

	"github.com/union-benefits/portal/bff/internal/dev/chatstub"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8086", "address to listen on")
	flag.Parse()
	serve.Command("chat stand-in", func(log *slog.Logger) error {
		srv := &http.Server{Handler: chatstub.NewHandler(), ReadHeaderTimeout: 5 * time.Second}
		return serve.Listen(log, "chat stand-in", *addr, srv)
	})
}
