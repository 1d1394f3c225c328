// Command partnerdemo serves the demo partner site (package partnerdemo) on its own origin, for
// trying partner sign-in by hand with make dev and for the end-to-end tests:
//
//	go run ./bff/cmd/partnerdemo -addr 127.0.0.1:3100 -site http://127.0.0.1:3000
//
// It stops on SIGINT or SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	log.Info("demo partner site listening", "addr", *addr, "site", *site)
	select {
	case err := <-errc:
		log.Error("demo partner site stopped", "err", err)
		os.Exit(1)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("demo partner site shutdown", "err", err)
		os.Exit(1)
	}
}
