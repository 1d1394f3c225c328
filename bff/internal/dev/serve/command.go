package serve

import (
	"log/slog"
	"net"
	"net/http"
	"os"
)

// Command runs a stand-in's command once its flags are parsed: run gets the JSON logger on stderr
// every stand-in logs with, and an error it answers is logged as "<name> stopped" and ends the
// process with status 1.
func Command(name string, run func(log *slog.Logger) error) {
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	if err := run(log); err != nil {
		log.Error(name+" stopped", "err", err)
		os.Exit(1)
	}
}

// Listen listens on addr, logs "<name> listening" with the address it got and attrs, and serves
// srv there until SIGINT or SIGTERM (UntilSignal).
func Listen(log *slog.Logger, name, addr string, srv *http.Server, attrs ...any) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	log.Info(name+" listening", append([]any{"addr", ln.Addr().String()}, attrs...)...)
	return UntilSignal(srv, ln)
}
