// Command cmsrecord records a live CMS into the fixture layout (fixtures/cms/README.md), so the
// fixture CMS can replay current content.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/cmsrecord"
)

func main() {
	from := flag.String("from", "", "base URL of the CMS to record (required)")
	out := flag.String("out", "fixtures/cms", "fixture directory to write")
	timeout := flag.Duration("timeout", 30*time.Second, "timeout of each request")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	if *from == "" {
		log.Error("-from is required")
		flag.Usage()
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := cmsrecord.Record(ctx, *from, *out, cmsrecord.Options{Timeout: *timeout, Logger: log})
	if err != nil {
		log.Error("recording failed", "err", err)
		os.Exit(1)
	}
	log.Info("recorded", "from", *from, "out", *out)
}
