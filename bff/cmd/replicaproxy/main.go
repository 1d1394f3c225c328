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
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/replicaproxy"
	"github.com/union-benefits/portal/bff/internal/dev/serve"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	to := flag.String("to", "", "comma-separated base URLs of the replicas")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	if err := run(log, *addr, strings.Split(*to, ",")); err != nil {
		log.Error("replica proxy stopped", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, addr string, backends []string) error {
	h, err := replicaproxy.New(backends)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	log.Info("replica proxy listening", "addr", ln.Addr().String(), "replicas", backends)
	return serve.UntilSignal(srv, ln)
}
