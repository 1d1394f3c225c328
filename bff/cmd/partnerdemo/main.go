// Command partnerdemo serves the demo partner site (package partnerdemo) on its own origin, for
// trying partner sign-in by hand with make dev and for the end-to-end tests:
//
//	go run ./bff/cmd/partnerdemo -addr 127.0.0.1:3100 -site http://127.0.0.1:3000
//
// It stops on SIGINT or SIGTERM.
package main

import (
	"flag"
	"log/slog"
	"net/http"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/serve"

	"github.com/union-benefits/portal/bff/internal/dev/partnerdemo"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:3100", "address to listen on")
	site := flag.String("site", "http://127.0.0.1:3000", "the portal's origin: its partner popup, the issuer of what it posts, and its published keys")
	flag.Parse()
	serve.Command("demo partner site", func(log *slog.Logger) error {
		srv := &http.Server{
			Handler:           partnerdemo.Handler(partnerdemo.Options{Site: *site}),
			ReadHeaderTimeout: 5 * time.Second,
		}
		return serve.Listen(log, "demo partner site", *addr, srv, "site", *site)
	})
}
