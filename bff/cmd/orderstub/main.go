// Command orderstub serves the offline stand-in of the store's order system (package orderstub)
// for make dev and make test: the GraphQL schema of contracts/orders.graphql over the fixtures in
// fixtures/orders/. Run it from the repository root:
//
//	go run ./bff/cmd/orderstub -addr 127.0.0.1:8082
//
// It answers POST /graphql (with the bearer token ORDERS_TOKEN, or orderstub.DevToken), GET /healthz and GET /images/{id}.svg, logs one JSON line per request
// and stops gracefully on SIGINT or SIGTERM.
package main

import (
	"cmp"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/serve"

	"github.com/union-benefits/portal/bff/internal/dev/orderstub"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8082", "address to listen on")
	schema := flag.String("schema", orderstub.SchemaFile, "GraphQL schema of the order system")
	data := flag.String("data", "fixtures/orders", "directory holding products.json and orders.json")
	flag.Parse()
	// The credential its clients must send, as the BFF's ORDERS_TOKEN.
	token := cmp.Or(os.Getenv("ORDERS_TOKEN"), orderstub.DevToken)
	serve.Command("order stand-in", func(log *slog.Logger) error {
		return run(log, *addr, *schema, *data, token)
	})
}

func run(log *slog.Logger, addr, schema, data, token string) error {
	h, err := orderstub.NewHandler(data, orderstub.WithSchemaFile(schema), orderstub.WithToken(token))
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: logRequests(log, h), ReadHeaderTimeout: 5 * time.Second}
	if err := serve.Listen(log, "order stand-in", addr, srv, "schema", schema, "data", data); err != nil {
		return err
	}
	log.Info("order stand-in stopped")
	return nil
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func logRequests(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		log.Info("request", "method", r.Method, "path", r.URL.Path, "status", rec.status,
			"duration_ms", time.Since(start).Milliseconds())
	})
}
