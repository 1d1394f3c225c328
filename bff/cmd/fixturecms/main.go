// Command fixturecms serves the recorded CMS responses of fixtures/cms over HTTP, standing in for
// the content CMS in local development and end-to-end tests.
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

	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8081", "address to listen on")
	dir := flag.String("dir", "fixtures/cms", "fixture directory to serve")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	if err := run(log, *addr, *dir); err != nil {
		log.Error("fixture CMS failed", "err", err)
		os.Exit(1)
	}
	log.Info("fixture CMS stopped")
}

// run serves until SIGINT or SIGTERM, then lets in-flight requests finish.
func run(log *slog.Logger, addr, dir string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	srv := &http.Server{
		Addr:              addr,
		Handler:           cmsfixture.NewHandler(dir),
		ReadHeaderTimeout: 5 * time.Second,
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	log.Info("fixture CMS listening", "addr", addr, "dir", dir)

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
