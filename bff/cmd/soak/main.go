// Command soak loads a running BFF with a mix of real traffic for a long time (10 minutes by
// default) at a share of the peak it measures first, and reports errors, latency and whether the
// BFF's goroutines, memory and cache tag index came back down. It needs the stack's BFF (sign-ins
// reach the Auth emulator) and its variables: BFF_URL, BFF_ADMIN_URL (its metrics), FRONTEND_URL
// (the Origin of sign-ins), SERVER_SIGNING_SECRET (every request is signed as the Next.js server
// signs its own) and CMS_WEBHOOK_SECRET (to sign purges). `make soak` starts a fresh stack and runs it there.
//
// Absolute numbers depend on the machine; what must hold anywhere is no errors and flat
// resources.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/soak"
)

func main() {
	cfg := soak.Config{Out: os.Stdout}
	flag.DurationVar(&cfg.Duration, "duration", 10*time.Minute, "how long the soak runs")
	flag.DurationVar(&cfg.PeakDuration, "peak-duration", 15*time.Second, "how long the peak is measured first")
	flag.Float64Var(&cfg.Load, "load", 0.7, "the soak's rate as a share of the measured peak, above 0 and at most 1")
	flag.StringVar(&cfg.BFF, "bff", os.Getenv("BFF_URL"), "the BFF's base URL")
	flag.StringVar(&cfg.Admin, "admin", os.Getenv("BFF_ADMIN_URL"), "the BFF's admin listener (its /metrics)")
	flag.StringVar(&cfg.Origin, "origin", os.Getenv("FRONTEND_URL"), `the Origin sign-ins carry ("" for none)`)
	flag.IntVar(&cfg.Workers, "c", 8, "concurrent clients measuring the peak")
	flag.IntVar(&cfg.InFlight, "inflight", 64, "the most soak requests at once")
	flag.DurationVar(&cfg.Every, "every", time.Minute, "how often progress and the BFF's health are printed")
	flag.DurationVar(&cfg.Settle, "settle", 30*time.Second, "the longest wait for the BFF to come back down after traffic")
	flag.DurationVar(&cfg.Timeout, "timeout", 20*time.Second, "one request's limit (above the BFF's own request timeout)")
	flag.Parse()
	cfg.BFF = strings.TrimRight(cfg.BFF, "/")
	// The secret comes from the environment only: a flag would show it in the process list.
	cfg.Secret = os.Getenv("CMS_WEBHOOK_SECRET")
	cfg.SigningSecret = os.Getenv("SERVER_SIGNING_SECRET")

	if err := check(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(2)
	}
	// Ctrl-C ends the soak early; it still reports what it saw, and fails.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := soak.Run(ctx, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "\nsoak: FAILED:", err)
		os.Exit(1)
	}
	fmt.Println("\nsoak: passed")
}

func check(c soak.Config) error {
	switch {
	case c.BFF == "":
		return errors.New("no BFF: set BFF_URL or -bff (run it through `make soak`, or inside `eval \"$(.bin/stack env)\"`)")
	case c.Secret == "":
		return errors.New("CMS_WEBHOOK_SECRET is not set: purges could not be signed")
	case c.Load <= 0 || c.Load > 1:
		return fmt.Errorf("-load %v: must be above 0 and at most 1", c.Load)
	case c.Duration <= 0 || c.PeakDuration <= 0 || c.Every <= 0 || c.Settle <= 0 || c.Timeout <= 0:
		return errors.New("-duration, -peak-duration, -every, -settle and -timeout must be positive")
	case c.Workers < 1 || c.InFlight < 1:
		return errors.New("-c and -inflight must be at least 1")
	}
	return nil
}
