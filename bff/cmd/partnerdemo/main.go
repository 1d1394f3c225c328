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
	"net"
	"net/http"
	"os"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/serve"

	"github.com/union-benefits/portal/bff/internal/dev/partnerdemo"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:3100", "address to listen on")
	site := flag.String("site", "http://127.0.0.1:3000", "the portal's origin, whose partner popup the page opens")
	authURL := flag.String("auth", "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1", "Identity Toolkit endpoint tokens are exchanged at")
	apiKey := flag.String("api-key", "fake-api-key", "web API key for the exchange")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	srv := &http.Server{
		Addr:              *addr,
		Handler:           partnerdemo.Handler(partnerdemo.Options{Site: *site, AuthURL: *authURL, APIKey: *apiKey}),
		ReadHeaderTimeout: 5 * time.Second,
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Error("demo partner site cannot listen", "err", err)
		os.Exit(1)
	}
	log.Info("demo partner site listening", "addr", *addr, "site", *site)
	if err := serve.UntilSignal(srv, ln); err != nil {
		log.Error("demo partner site stopped", "err", err)
		os.Exit(1)
	}
}
