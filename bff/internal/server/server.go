// Package server wires the BFF together from a Config: clients, caches, services and the HTTP app.
// main and the integration tests build the BFF the same way, through New.
package server

import (
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/cache"
	"github.com/union-benefits/portal/bff/internal/cms"
	"github.com/union-benefits/portal/bff/internal/config"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/page"
	"github.com/union-benefits/portal/bff/internal/revalidate"
)

// Server is a built BFF: its HTTP app, its readiness flag and the cache it must close.
type Server struct {
	App   *fiber.App
	Ready *atomic.Bool
	Store *cache.Store
}

// Options are the parts tests may replace.
type Options struct {
	Logger *slog.Logger
	Now    func() time.Time // the clock of caches and pages
}

// New builds the BFF from cfg. It is not ready until the caller says so (after listening).
func New(cfg config.Config, o Options) (*Server, error) {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	m := metrics.New()
	store, err := cache.NewStore(cache.Options{
		MaxBytes:    cfg.CacheMaxBytes,
		Fresh:       cfg.CacheFresh,
		Stale:       cfg.CacheStale,
		LoadTimeout: cfg.CMSTimeout,
		Metrics:     m,
		Logger:      o.Logger,
		Now:         o.Now,
	})
	if err != nil {
		return nil, err
	}
	cmsClient := cms.New(cms.Options{
		BaseURL:   cfg.CMSURL,
		PublicURL: cfg.CMSPublicURL,
		Timeout:   cfg.CMSTimeout,
		Metrics:   m,
	})
	content := cache.NewContent(cmsClient, store)
	blog := page.NewBlog(cache.NewBlog(cmsClient, store), content, page.BlogOptions{
		ProductName: cfg.ProductName,
		Logger:      o.Logger,
	})
	pages := cache.NewPages(page.New(content, page.Options{
		HomePath:    cfg.HomePath,
		ProductName: cfg.ProductName,
		Logger:      o.Logger,
		Now:         o.Now,
	}), store)

	ready := new(atomic.Bool)
	app := httpapi.Setup(httpapi.Deps{
		Pages:          pages,
		Blog:           blog,
		Purger:         store,
		Revalidator:    revalidate.New(cfg.FrontendURL, cfg.RevalidateSecret.Reveal(), 5*time.Second),
		WebhookSecret:  cfg.CMSWebhookSecret.Reveal(),
		AllowedOrigins: cfg.AllowedOrigins,
		Metrics:        m,
		Logger:         o.Logger,
		Ready:          ready,
	})
	return &Server{App: app, Ready: ready, Store: store}, nil
}
