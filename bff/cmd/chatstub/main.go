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
	"net"
	"net/http"
	"os"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/serve"

	"github.com/union-benefits/portal/bff/internal/dev/chatstub"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8086", "address to listen on")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	if err := run(log, *addr); err != nil {
		log.Error("chat stand-in stopped", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: chatstub.NewHandler(), ReadHeaderTimeout: 5 * time.Second}
	log.Info("chat stand-in listening", "addr", ln.Addr().String())
	return serve.UntilSignal(srv, ln)
}
