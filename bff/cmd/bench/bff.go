package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/account/accounttest"
	"github.com/union-benefits/portal/bff/internal/config"
	"github.com/union-benefits/portal/bff/internal/grants/grantstest"
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
	cmd   *exec.Cmd
	URL   string // the public listener, which takes signed requests only
	Admin string // the admin listener: /healthz, /metrics
	stop  func()
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
	public, admin, both := strings.Cut(addrs, " ")
	if !ok || !both {
		stop()
		return nil, fmt.Errorf("BFF child said %q", line)
	}
	return &childBFF{cmd: cmd, URL: "http://" + public, Admin: "http://" + admin, stop: stop}, nil
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
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	admin, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv.Ready.Store(true)
	go func() { _ = srv.App.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	go func() { _ = srv.Admin.Listener(admin, fiber.ListenConfig{DisableStartupMessage: true}) }()
	fmt.Printf("listening %s %s\n", ln.Addr(), admin.Addr())

	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer cancel()
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); cancel() }()
	<-ctx.Done()
	_ = srv.Admin.ShutdownWithTimeout(time.Second)
	return srv.App.ShutdownWithTimeout(time.Second)
}
