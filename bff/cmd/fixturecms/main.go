// Command fixturecms serves the recorded CMS responses of fixtures/cms over HTTP, standing in for
// the content CMS in local development and end-to-end tests. It also stands in for the hotel
// partner (package hotelstub: the autocomplete under /svcs/ac/ from fixtures/hotels/autocomplete,
// a listings page at /hotels/listings), so the stack needs no port of its own for it.
//
// With -copy-to it serves a fresh copy of the fixtures instead (made at start, replacing whatever
// that directory held): the stack's test mode edits that copy as an editor publishes, never the
// repository's files.
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/serve"

	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/dev/hotelstub"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8081", "address to listen on")
	dir := flag.String("dir", "fixtures/cms", "fixture directory to serve")
	hotels := flag.String("hotels", "fixtures/hotels/autocomplete", "recorded answers of the hotel partner's autocomplete")
	copyTo := flag.String("copy-to", "", "serve a fresh copy of -dir made here at start, for tests that edit it")
	flag.Parse()
	serve.Command("fixture CMS", func(log *slog.Logger) error {
		if *copyTo != "" {
			if err := freshCopy(*dir, *copyTo); err != nil {
				return fmt.Errorf("copying the fixtures: %w", err)
			}
			*dir = *copyTo
		}
		if err := run(log, *addr, *dir, *hotels); err != nil {
			return err
		}
		log.Info("fixture CMS stopped")
		return nil
	})
}

// run serves until SIGINT or SIGTERM, then lets in-flight requests finish.
func run(log *slog.Logger, addr, dir, hotels string) error {
	partner, err := hotelstub.NewHandler(hotels)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/", cmsfixture.NewHandler(dir, cmsfixture.WithLogger(log)))
	mux.Handle(hotelstub.Prefix, partner)
	mux.Handle(hotelstub.ListingsPath, partner)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	return serve.Listen(log, "fixture CMS", addr, srv, "dir", dir)
}

// freshCopy replaces dst with a copy of src.
func freshCopy(src, dst string) error {
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	return os.CopyFS(dst, os.DirFS(src))
}
