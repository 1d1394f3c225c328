// Package server wires the BFF together from a Config: clients, caches, services and the HTTP app.
// main and the integration tests build the BFF the same way, through New.
package server

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/account"
	"github.com/union-benefits/portal/bff/internal/authn"
	"github.com/union-benefits/portal/bff/internal/blog"
	"github.com/union-benefits/portal/bff/internal/cache"
	"github.com/union-benefits/portal/bff/internal/cms"
	"github.com/union-benefits/portal/bff/internal/config"
	"github.com/union-benefits/portal/bff/internal/content"
	"github.com/union-benefits/portal/bff/internal/firestore"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/orders"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/ratelimit"
	"github.com/union-benefits/portal/bff/internal/revalidate"
	"github.com/union-benefits/portal/contracts"
)

// Server is a built BFF: its HTTP app, its readiness flag and what Close releases.
type Server struct {
	App     *fiber.App
	Ready   *atomic.Bool
	Store   *cache.Store
	closers []func() error
}

// Close releases the caches and upstream clients, after the app has shut down.
func (s *Server) Close() {
	s.Store.Close()
	for _, c := range s.closers {
		_ = c()
	}
}

// Options are the parts tests may replace.
type Options struct {
	Logger *slog.Logger
	Now    func() time.Time // the clock of caches and pages
	// Auth and Profiles replace Firebase Auth and Firestore (unit tests use accounttest's fakes);
	// nil builds the real clients from the config.
	Auth     portal.Auth
	Profiles portal.Profiles
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
	cmsContent := cache.NewContent(cmsClient, store)
	blogs := blog.New(cache.NewBlog(cmsClient, store), cmsContent, blog.Options{
		ProductName: cfg.ProductName,
		Logger:      o.Logger,
	})
	pages := cache.NewPages(content.New(cmsContent, content.Options{
		HomePath:    cfg.HomePath,
		ProductName: cfg.ProductName,
		Logger:      o.Logger,
		Now:         o.Now,
	}), store)

	srv := &Server{Ready: new(atomic.Bool), Store: store}
	auth, profiles := o.Auth, o.Profiles
	if auth == nil {
		a, err := authn.New(context.Background(), authn.Options{
			ProjectID:     cfg.FirebaseProjectID,
			APIKey:        cfg.FirebaseAPIKey.Reveal(),
			EmulatorHost:  cfg.AuthEmulatorHost,
			Timeout:       cfg.AuthTimeout,
			RevocationTTL: cfg.RevocationTTL,
		})
		if err != nil {
			return nil, fmt.Errorf("firebase auth: %w", err)
		}
		auth = a
	}
	if profiles == nil {
		p, err := firestore.New(context.Background(), cfg.FirebaseProjectID)
		if err != nil {
			return nil, fmt.Errorf("firestore: %w", err)
		}
		p.Timeout = cfg.AuthTimeout
		srv.closers = append(srv.closers, p.Close)
		profiles = p
	}
	accounts := account.New(auth, profiles, cmsContent, orders.New(cfg.OrdersURL, nil), account.Options{
		ProductName:  cfg.ProductName,
		SupportPhone: cfg.SupportPhone,
		SessionTTL:   cfg.SessionTTL,
		SettingsTTL:  cfg.SettingsTTL,
		Logger:       o.Logger,
		Now:          o.Now,
	})

	srv.App = httpapi.Setup(httpapi.Deps{
		Pages:          pages,
		Blog:           blogs,
		Purger:         store,
		Revalidator:    revalidate.New(cfg.FrontendURL, cfg.RevalidateSecret.Reveal(), 5*time.Second),
		WebhookSecret:  cfg.CMSWebhookSecret.Reveal(),
		AllowedOrigins: cfg.AllowedOrigins,
		Metrics:        m,
		Logger:         o.Logger,
		Ready:          srv.Ready,
		Cache:          store,
		RequestTimeout: cfg.RequestTimeout,
		Accounts:       accounts,
		IPLimits:       ratelimit.New(cfg.RateLimitPerIP, cfg.RateLimitWindow),
		EmailLimits:    ratelimit.New(cfg.RateLimitPerEmail, cfg.RateLimitWindow),
		SecureCookies:  cfg.SecureCookies,
		LogoutMessage:  contracts.Message("logoutSuccess"),
		TrustedProxies: cfg.TrustedProxies,
	})
	return srv, nil
}
