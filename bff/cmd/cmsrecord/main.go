// Command cmsrecord records a live CMS into the fixture layout (fixtures/cms/README.md), so the
// fixture CMS can replay current content, and says what the recording changed against the
// committed fixtures: files added, changed and removed, and the pages whose BFF documents
// changed. With -out other than -compare it records into that folder for comparison only.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/cmsfixture"
	"github.com/union-benefits/portal/bff/internal/dev/cmsrecord"
)

func main() {
	from := flag.String("from", "", "base URL of the CMS to record (required)")
	out := flag.String("out", "fixtures/cms", "fixture directory to write; another than -compare must be new or empty, and only receives the recording")
	compare := flag.String("compare", "fixtures/cms", "the committed fixtures: what the summary compares with, and whose pages, posts and drafts are visited too")
	token := flag.String("preview-token", "", "the CMS's preview token (CMS_PREVIEW_TOKEN), to record the committed fixtures' drafts")
	public := flag.String("public", "", "the CMS's public URL (CMS_PUBLIC_URL), whose file URLs are the CMS's own files too")
	home := flag.String("home", cmsrecord.HomePath, "the CMS path of the home node (CMS_HOME_PATH)")
	product := flag.String("product", "Union Benefits", "the product name pages are titled with (PRODUCT_NAME)")
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
	opts := cmsrecord.Options{Timeout: *timeout, Logger: log, Seed: *compare, PreviewToken: *token, HomePath: *home, ProductName: *product}
	if *public != "" {
		u, err := url.Parse(*public)
		if err != nil || u.Host == "" {
			log.Error("-public must be an absolute URL", "public", *public)
			os.Exit(2)
		}
		opts.FileHosts = []string{u.Host}
	}
	if err := run(ctx, log, *from, *out, *compare, opts); err != nil {
		log.Error("recording failed", "err", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, log *slog.Logger, from, out, compare string, opts cmsrecord.Options) error {
	inPlace, err := samePath(out, compare)
	if err != nil {
		return err
	}
	if !inPlace {
		if entries, err := os.ReadDir(out); err == nil && len(entries) > 0 {
			return fmt.Errorf("-out %s is not empty: record into a new or empty folder", out)
		}
	}
	// Record into a scratch folder first: a recording cut short never leaves the fixtures half
	// replaced, and the summary compares a whole recording.
	tmp, err := os.MkdirTemp("", "cmsrecord-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if _, err := cmsrecord.Record(ctx, from, tmp, opts); err != nil {
		return err
	}
	for _, p := range cmsfixture.Check(tmp) {
		log.Warn("the recording is inconsistent", "problem", p)
	}
	summary, err := cmsrecord.CompareFiles(compare, tmp)
	if err != nil {
		return err
	}
	// Both sides' documents are built offline by the same code, so only content differences show.
	opts.Logger = slog.New(slog.DiscardHandler)
	got, err := cmsrecord.DirDocuments(ctx, tmp, opts)
	if err != nil {
		return fmt.Errorf("building the recording's pages: %w", err)
	}
	was, err := cmsrecord.DirDocuments(ctx, compare, opts)
	if err != nil {
		log.Warn("the committed fixtures' pages could not be built; comparing files only", "err", err)
		was = got
	}
	summary.ComparePages(was, got)
	if inPlace {
		err = cmsrecord.Install(tmp, out, summary)
	} else {
		err = cmsrecord.Install(tmp, out, cmsrecord.Summary{})
	}
	if err != nil {
		return err
	}
	log.Info("recorded", "from", from, "out", out)
	summary.Write(os.Stdout)
	if !inPlace {
		fmt.Printf("The recording is in %s; %s is unchanged.\n", out, compare)
	}
	return nil
}

func samePath(a, b string) (bool, error) {
	x, err := filepath.Abs(a)
	if err != nil {
		return false, err
	}
	y, err := filepath.Abs(b)
	if err != nil {
		return false, err
	}
	return x == y, nil
}
