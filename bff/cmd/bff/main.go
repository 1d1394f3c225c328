// Command bff is the portal's backend-for-frontend: it loads the config, builds the clients and
// caches, serves HTTP, and shuts down gracefully. Nothing else lives here.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/config"
	"github.com/union-benefits/portal/bff/internal/server"
	"github.com/union-benefits/portal/bff/internal/telemetry"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bff:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		return fmt.Errorf("config:\n%w", err)
	}
	// The one log handler: Cloud Logging's fields (severity, message, the request's trace and
	// span), personal data taken out. The project names the traces the lines link to.
	log := slog.New(telemetry.NewLogHandler(os.Stderr, telemetry.LogOptions{Level: cfg.LogLevel, ProjectID: cfg.Firebase.ProjectID}))
	slog.SetDefault(log)
	log.Info("starting", "config", cfg)
	stopTracing, err := telemetry.Setup(telemetry.Options{Endpoint: cfg.OTLPEndpoint, Service: "portal-bff"})
	if err != nil {
		return fmt.Errorf("OTEL_EXPORTER_OTLP_ENDPOINT: %w", err)
	}
	defer func() {
		// The spans of the last requests, sent within a second of the shutdown's time.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = stopTracing(ctx)
	}()
	if cfg.MemoryLimit > 0 {
		// Without it the heap grows to twice what is live before a collection (GOGC=100):
		// with a full content cache, about twice the resident memory the BFF needs.
		debug.SetMemoryLimit(cfg.MemoryLimit)
	}

	srv, err := server.New(cfg, server.Options{Logger: log})
	if err != nil {
		return err
	}
	defer srv.Close()
	// Two listeners: the public one (/api/v1) and the admin one (health, readiness, metrics), whose
	// readiness answers 503 until the public one is up.
	listenErr := make(chan error, 2)
	listen := func(name string, app *fiber.App, addr string, up func()) {
		err := app.Listen(addr, fiber.ListenConfig{
			DisableStartupMessage: true,
			ListenerAddrFunc: func(a net.Addr) {
				log.Info("listening", "listener", name, "addr", a.String())
				up()
			},
		})
		if err != nil { // nil once Shutdown has closed it
			listenErr <- fmt.Errorf("listen on %s (%s): %w", addr, name, err)
		}
	}
	go listen("admin", srv.Admin, cfg.AdminAddr, func() {})
	go listen("public", srv.App, cfg.Addr, func() { srv.Ready.Store(true) })

	stop, cancel := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer cancel()
	select {
	case err := <-listenErr:
		return err
	case <-stop.Done():
	}

	log.Info("shutting down", "drain", cfg.ShutdownDrain, "deadline", cfg.ShutdownTimeout)
	if err := srv.Shutdown(cfg.ShutdownDrain, cfg.ShutdownTimeout); err != nil {
		return err
	}
	log.Info("stopped")
	return nil
}
