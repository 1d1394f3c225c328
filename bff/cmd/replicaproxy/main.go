// Command replicaproxy is the local stack's round-robin load balancer in front of several BFF
// replicas (package replicaproxy), started by `stack dev|test -replicas N`:
//
//	replicaproxy -addr 127.0.0.1:8080 -to http://127.0.0.1:8091,http://127.0.0.1:8092
//
// It stops gracefully on SIGINT or SIGTERM.
package main

import (
	"flag"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/replicaproxy"
	"github.com/union-benefits/portal/bff/internal/dev/serve"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	to := flag.String("to", "", "comma-separated base URLs of the replicas")
	flag.Parse()
	backends := strings.Split(*to, ",")
	serve.Command("replica proxy", func(log *slog.Logger) error {
		h, err := replicaproxy.New(backends)
		if err != nil {
			return err
		}
		srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
		return serve.Listen(log, "replica proxy", *addr, srv, "replicas", backends)
	})
}
