// Command inbox serves the local stack's web inbox (package inbox) over the Mailpit API, for
// make dev:
//
//	go run ./bff/cmd/inbox -addr 127.0.0.1:8025 -mailpit http://127.0.0.1:8026
//
// It answers GET /, /message/{id} and /healthz and stops gracefully on SIGINT or SIGTERM.
package main

import (
	"flag"
	"log/slog"
	"net/http"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/inbox"
	"github.com/union-benefits/portal/bff/internal/dev/serve"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8025", "address to listen on")
	api := flag.String("mailpit", "http://127.0.0.1:8026", "the Mailpit API the inbox reads")
	flag.Parse()
	serve.Command("inbox", func(log *slog.Logger) error {
		srv := &http.Server{Handler: inbox.NewHandler(*api), ReadHeaderTimeout: 5 * time.Second}
		return serve.Listen(log, "inbox", *addr, srv, "mailpit", *api)
	})
}
