package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/account/accounttest"
	"github.com/union-benefits/portal/bff/internal/config"
	"github.com/union-benefits/portal/bff/internal/grants/grantstest"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/livestream/livestreamtest"
	"github.com/union-benefits/portal/bff/internal/mailing/mailingtest"
	"github.com/union-benefits/portal/bff/internal/partners/partnerstest"
	"github.com/union-benefits/portal/bff/internal/server"
	"github.com/union-benefits/portal/bff/internal/store/storetest"
	"github.com/union-benefits/portal/bff/internal/uploads/uploadstest"
)

// The BFF under load runs as a child process of the bench (this same binary with -serve-bff), so
// that its resident memory is its own: the bench's process also holds the fixture CMS, the load
// clients and their buffers. The child builds the BFF as cmd/bff does (server.New), with the
// account stores on in-memory stand-ins: the bench measures content documents, which read none.

// serveFlag turns the bench binary into the BFF child.
const serveFlag = "-serve-bff"

// childBFF is a running BFF child process.
type childBFF struct {
	cmd    *exec.Cmd
	URL    string // the public listener, which takes signed requests only
	Admin  string // the admin listener: /healthz, /metrics
	Replay string // the replay listener (replayApp)
	Chain  string // the public app's middleware in front of /healthz's handler (chainApp)
	stop   func()
}

// benchSecret signs the bench's CMS webhooks (the child's CMS_WEBHOOK_SECRET);
// benchSigningSecret its requests, as the Next.js server signs its own (SERVER_SIGNING_SECRET).
const (
	benchSecret        = "bench"
	benchSigningSecret = "bench-server-signing"
)

// startBFF starts the BFF child against the CMS at cmsURL, telling Next.js's revalidations to
// frontendURL, and waits until it listens.
func startBFF(cmsURL, frontendURL string) (*childBFF, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, serveFlag)
	cmd.Env = append(os.Environ(),
		"CMS_URL="+cmsURL,
		"CMS_WEBHOOK_SECRET="+benchSecret,
		"FIREBASE_API_KEY=bench",
		"FRONTEND_URL="+frontendURL,
		"REVALIDATE_SECRET=bench",
		"EDGE_SIGNING_SECRET=bench-edge-signing",
		"SERVER_SIGNING_SECRET="+benchSigningSecret,
		"REDIS_URL=",
		// Every request comes from one loopback address: the per-client miss budget would
		// refuse the fill of distinct pages after a few hundred.
		"CONTENT_MISSES_PER_IP=100000000",
	)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stdin, err := cmd.StdinPipe() // the child stops when the bench's end of its stdin closes
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stop := func() {
		_ = stdin.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		stop()
		return nil, fmt.Errorf("BFF child did not start: %w", err)
	}
	addrs, ok := strings.CutPrefix(strings.TrimSpace(line), "listening ")
	listeners := strings.Fields(addrs)
	if !ok || len(listeners) != 4 {
		stop()
		return nil, fmt.Errorf("BFF child said %q", line)
	}
	return &childBFF{cmd: cmd, URL: "http://" + listeners[0], Admin: "http://" + listeners[1],
		Replay: "http://" + listeners[2], Chain: "http://" + listeners[3], stop: stop}, nil
}

// RSS reads the child's resident memory from /proc, in bytes.
func (b *childBFF) RSS() (int64, error) {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(b.cmd.Process.Pid) + "/status")
	if err != nil {
		return 0, err
	}
	for line := range strings.Lines(string(raw)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no VmRSS for the BFF child")
}

// Stop ends the child.
func (b *childBFF) Stop() { b.stop() }

// serveBFF is the child: the BFF on a free loopback port, announced on stdout, until stdin closes
// (the bench ended, or died) or a signal comes.
func serveBFF() error {
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		return err
	}
	if cfg.MemoryLimit > 0 { // as cmd/bff does
		debug.SetMemoryLimit(cfg.MemoryLimit)
	}
	profiles := accounttest.NewProfiles()
	staging, err := os.MkdirTemp("", "bench-staging-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(staging) }()
	srv, err := server.New(cfg, server.Options{
		Logger:        slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})),
		Auth:          accounttest.NewAuth(),
		Profiles:      profiles,
		Cases:         grantstest.NewCases(),
		Files:         uploadstest.NewFiles(cfg.Storage.Bucket),
		Staging:       uploadstest.NewStaging(staging),
		Carts:         storetest.NewCarts(),
		Partners:      partnerstest.NewPartners(profiles),
		Subscriptions: mailingtest.NewSubscriptions(),
		CommentAccess: livestreamtest.NewCommentAccess(),
	})
	if err != nil {
		return err
	}
	defer srv.Close()
	// The apps in the order the bench reads their addresses (startBFF): the public listener, the
	// admin one, the replay listener and the chain listener.
	apps := []*fiber.App{srv.App, srv.Admin, replayApp(), chainApp(srv)}
	addrs := make([]string, len(apps))
	quiet := fiber.ListenConfig{DisableStartupMessage: true}
	srv.Ready.Store(true)
	for i, app := range apps {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		addrs[i] = ln.Addr().String()
		go func() { _ = app.Listener(ln, quiet) }()
	}
	fmt.Printf("listening %s\n", strings.Join(addrs, " "))

	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer cancel()
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); cancel() }()
	<-ctx.Done()
	for _, app := range slices.Backward(apps[1:]) { // the public app last, as before
		_ = app.ShutdownWithTimeout(time.Second)
	}
	return srv.App.ShutdownWithTimeout(time.Second)
}

// chainApp is the public app's middleware, built with the options of srv's own (edge signatures,
// security headers, request ids, logs, metrics, traces, the route deadline), in front of the
// admin listener's /healthz handler at chainHealthPath. /healthz itself moved to the admin
// listener, which has none of that middleware, in the production rehearsal (2026-11-27); before,
// the guard "a cached document at least 0.9x /healthz" compared two answers behind the same
// middleware. This is that comparison again: the document against the cheapest route behind
// what every public request passes (issue 38, goal 5).
func chainApp(srv *server.Server) *fiber.App {
	return httpapi.New(srv.HTTP, func(api fiber.Router) { api.Get(strings.TrimPrefix(chainHealthPath, "/api/v1"), httpapi.Healthz) })
}

// replayed is an answer the replay listener gives: a status, headers in order, and a body.
type replayed struct {
	Status  int
	Headers [][2]string
	Body    []byte
}

// replayApp is a bare Fiber app in the BFF child's process, as the admin listener's: PUT /answer
// gives it an answer (replayed, as JSON), which GET /answer then sends as any handler would, by
// setting its headers and body. Loaded with the cached home document's answer, it is what those
// bytes alone cost the BFF's process and the load generator on the same cores: the ceiling of the
// document's throughput, whatever the BFF's own work (issue 38, goal 5).
func replayApp() *fiber.App {
	app := fiber.New(fiber.Config{ReadTimeout: 5 * time.Second, WriteTimeout: 10 * time.Second})
	var answer atomic.Pointer[replayed]
	app.Put("/answer", func(c fiber.Ctx) error {
		var a replayed
		if err := json.Unmarshal(c.Body(), &a); err != nil {
			return c.SendStatus(fiber.StatusBadRequest)
		}
		answer.Store(&a)
		return c.SendStatus(fiber.StatusNoContent)
	})
	app.Get("/answer", func(c fiber.Ctx) error {
		a := answer.Load()
		if a == nil {
			return c.SendStatus(fiber.StatusNotFound)
		}
		for _, h := range a.Headers {
			c.Set(h[0], h[1])
		}
		c.Status(a.Status)
		return c.Send(a.Body)
	})
	return app
}
