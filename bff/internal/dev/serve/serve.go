// Package serve runs the development stand-ins' HTTP servers (the fixture CMS, the order and chat
// stand-ins, the demo partner site) one way: until SIGINT or SIGTERM, then a graceful shutdown.
package serve

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// shutdownTimeout is how long requests in flight may finish after the signal.
const shutdownTimeout = 5 * time.Second

// UntilSignal serves srv on ln until the process is interrupted or terminated, then shuts it
// down gracefully. It answers the error that stopped serving, if any.
func UntilSignal(srv *http.Server, ln net.Listener) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
