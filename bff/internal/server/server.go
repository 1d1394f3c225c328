// Package server is the composition root: it builds the BFF from a Config, one builder per
// feature (content, blog, accounts, grants, case documents, the store, the publish webhook), and hands each feature's routes only
// what that feature needs. main and the test harness (dev/harness) build the BFF the same way.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
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
	"github.com/union-benefits/portal/bff/internal/edgesign"
	"github.com/union-benefits/portal/bff/internal/errreport"
	"github.com/union-benefits/portal/bff/internal/firestore"
	"github.com/union-benefits/portal/bff/internal/grants"
	"github.com/union-benefits/portal/bff/internal/hooks"
	"github.com/union-benefits/portal/bff/internal/hotelpartner"
	"github.com/union-benefits/portal/bff/internal/hotels"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/livestream"
	"github.com/union-benefits/portal/bff/internal/mail"
	"github.com/union-benefits/portal/bff/internal/mailing"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/orders"
	"github.com/union-benefits/portal/bff/internal/partners"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/preview"
	"github.com/union-benefits/portal/bff/internal/ratelimit"
	"github.com/union-benefits/portal/bff/internal/redis"
	"github.com/union-benefits/portal/bff/internal/revalidate"
	"github.com/union-benefits/portal/bff/internal/storage"
	"github.com/union-benefits/portal/bff/internal/store"
	"github.com/union-benefits/portal/bff/internal/uploads"
	"github.com/union-benefits/portal/bff/internal/vitals"
)

// Server is a built BFF: its public HTTP app, its admin app (health, readiness, metrics), its
// readiness flag and what Close releases.
type Server struct {
	App   *fiber.App
	Admin *fiber.App
	// HTTP is what App was built with: the bench puts a route of its own behind the same
	// middleware, to tell the middleware's cost from a route's (bff/cmd/bench).
	HTTP    httpapi.Options
	Ready   *atomic.Bool
	Store   *cache.Store
	closers []func() error
}

// Shutdown stops the server gracefully: /readyz answers not-ready at once, the listener stays
// open for drain (a load balancer polling readiness stops sending requests meanwhile, and those
// still sent are served), then in-flight requests get up to timeout to finish.
func (s *Server) Shutdown(drain, timeout time.Duration) error {
	s.Ready.Store(false)
	time.Sleep(drain)
	if err := s.App.ShutdownWithTimeout(timeout); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shutdown: %w", err)
	}
	// The admin listener goes last: an orchestrator reads /readyz's 503 until the public app is
	// done. Nothing on it is slow, so a second is plenty.
	if err := s.Admin.ShutdownWithTimeout(time.Second); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shutdown admin: %w", err)
	}
	return nil
}

// Close releases the caches and upstream clients, after the app has shut down. The last
// registered closes first (the purge bus before the Redis connection it listens on), and the
// content cache last: a purge arriving meanwhile still finds it.
func (s *Server) Close() {
	for i := len(s.closers) - 1; i >= 0; i-- {
		_ = s.closers[i]()
	}
	s.Store.Close()
}

// Options are the parts tests may replace.
type Options struct {
	Logger *slog.Logger
	Now    func() time.Time // the clock of caches and pages
	// Auth, Profiles and Cases replace Firebase Auth and Firestore (unit tests use accounttest's
	// and grantstest's fakes); nil builds the real clients from the config.
	Auth     portal.Auth
	Profiles portal.Profiles
	Cases    portal.Cases
	// Partners replaces the Firestore partner store and mail outbox (unit tests use
	// partnerstest's fake); nil connects to Firestore.
	Partners partners.PartnerStore
	// MailOutbox replaces the Firestore mail outbox the sender reads (used only when SMTP_URL is
	// set); nil connects to Firestore.
	MailOutbox mail.Outbox
	// Carts replaces the Firestore cart store (unit tests use storetest's fake); nil connects to
	// Firestore.
	Carts store.Carts
	// Subscriptions replaces the Firestore mailing list (unit tests use mailingtest's fake); nil
	// connects to Firestore.
	Subscriptions mailing.Subscriptions
	// CommentAccess replaces the Firestore comment-access store of the livestream chat (unit
	// tests use livestreamtest's fake); nil connects to Firestore.
	CommentAccess livestream.CommentAccessStore
	// Files and Staging replace Cloud Storage (unit tests use uploadstest's fake bucket and a
	// staging area in a folder); nil connects to the configured bucket.
	Files   uploads.FileStore
	Staging uploads.Staging
}

// upstreams are the clients and caches more than one feature reads from.
type upstreams struct {
	cfg     config.Config
	o       Options
	metrics *metrics.Metrics
	store   *cache.Store
	cms     *cms.Client
	content portal.Content // the CMS behind the cache
	// orders is the order system behind the cache (its products cached briefly, purged by the
	// products tags): the account's favorites and the store read the same entries.
	orders *cache.Orders
	// firestore is the one Firestore connection of the features that need it, made on first use.
	firestore *firestore.Profiles
	// redis is the Redis every replica shares, nil when REDIS_URL is empty; limits counts in it.
	redis  *redis.Client
	limits *ratelimit.Shared
	// auth is the identity provider and profiles the profile store, set by buildAccounts
	// (partner sign-in uses auth too, the mailing list profiles).
	auth     portal.Auth
	profiles portal.Profiles
}

// New builds the BFF from cfg. It is not ready until the caller says so (after listening).
func New(cfg config.Config, o Options) (*Server, error) {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	up, err := newUpstreams(cfg, o)
	if err != nil {
		return nil, err
	}
	srv := &Server{Ready: new(atomic.Bool), Store: up.store}
	if up.redis != nil {
		srv.closers = append(srv.closers, up.redis.Close)
	}
	pages := buildContent(up)
	partnerStore, err := up.partnerStore(srv)
	if err != nil {
		srv.Close()
		return nil, err
	}
	accounts, err := buildAccounts(up, srv, partnerStore)
	if err != nil {
		srv.Close()
		return nil, err
	}
	forms, err := buildGrants(up, srv)
	if err != nil {
		srv.Close()
		return nil, err
	}
	documents, err := buildUploads(up, srv)
	if err != nil {
		srv.Close()
		return nil, err
	}
	assertions, err := partners.NewAssertions(cfg.Frontend.URL, partners.AssertionKeys{
		Signing:  cfg.Partners.SigningKey.Reveal(),
		Previous: cfg.Partners.PreviousSigningKey.Reveal(),
		Subject:  cfg.Partners.SubjectSecret.Reveal(),
	}, o.Now)
	if err != nil {
		srv.Close()
		return nil, err
	}
	resumable, err := uploads.NewResumable(documents, up.sharedLocks())
	if err != nil {
		srv.Close()
		return nil, err
	}
	srv.closers = append(srv.closers, func() error { resumable.Close(); return nil })
	sweeping, stopSweeping := context.WithCancel(context.Background())
	go documents.SweepEvery(sweeping, sweepInterval)
	srv.closers = append(srv.closers, func() error { stopSweeping(); return nil })
	if err := startMail(up, srv); err != nil {
		srv.Close()
		return nil, err
	}
	materials, err := buildStore(up, srv)
	if err != nil {
		srv.Close()
		return nil, err
	}
	mailingList, err := buildMailing(up, srv)
	if err != nil {
		srv.Close()
		return nil, err
	}
	chat, err := buildLivestream(up, srv)
	if err != nil {
		srv.Close()
		return nil, err
	}
	hotelSearch, err := buildHotels(up)
	if err != nil {
		srv.Close()
		return nil, err
	}
	httpOptions := httpapi.Options{
		Logger:         o.Logger,
		Metrics:        up.metrics,
		AllowedOrigins: cfg.Frontend.AllowedOrigins,
		Edge:           edgesign.NewVerifier(cfg.Edge.Secret.Reveal(), cfg.Edge.ServerSecret.Reveal()),
		RequestTimeout: cfg.RequestTimeout,
		Ready:          srv.Ready,
		Cache:          up.store,
		Secure:         cfg.Frontend.SecureCookies,
		ContentMisses:  up.limiter("content-misses", cfg.Limits.ContentMisses, cfg.Limits.Window),
		MissBudget:     cache.WithMissBudget,
		Errors:         errorReporter(cfg, o.Logger, srv),
	}
	srv.HTTP = httpOptions
	srv.Admin = httpapi.Admin(httpOptions)
	srv.App = httpapi.New(httpOptions,
		content.Mount(content.MountDeps{Pages: pages, Members: accounts.Sessions}),
		preview.Mount(preview.MountDeps{Previews: buildPreview(up), Readers: pages, Members: accounts.Sessions}),
		blog.Mount(buildBlog(up)),
		account.Mount(account.MountDeps{
			Sessions:      accounts.Sessions,
			Credentials:   accounts.Credentials,
			Profiles:      accounts.Profiles,
			Favorites:     accounts.Favorites,
			Carts:         materials,
			IPLimits:      up.limiter("accounts-ip", cfg.Limits.PerIP, cfg.Limits.Window),
			EmailLimits:   up.limiter("accounts-email", cfg.Limits.PerEmail, cfg.Limits.Window),
			MailLimits:    up.limiter("accounts-mails", cfg.Limits.MailsPerDay, 24*time.Hour),
			SecureCookies: cfg.Frontend.SecureCookies,
		}),
		grants.Mount(grants.MountDeps{
			Members:       accounts.Sessions,
			Forms:         forms.Forms,
			Cases:         forms.Cases,
			Precheck:      forms.Forms,
			SecureCookies: cfg.Frontend.SecureCookies,
		}),
		uploads.Mount(uploads.MountDeps{
			Members:       accounts.Sessions,
			Files:         documents,
			Uploads:       resumable,
			Timeout:       cfg.Storage.UploadTimeout,
			SecureCookies: cfg.Frontend.SecureCookies,
			Metrics:       up.metrics,
		}),
		store.Mount(store.MountDeps{
			Members: accounts.Sessions,
			Readers: pages,
			Orders:  materials,
			Index:   materials,
			Cart:    materials,
			// A visitor starts one cart; an office behind one address starts several.
			NewCarts:      up.limiter("new-carts", 4*cfg.Limits.PerIP, cfg.Limits.Window),
			SecureCookies: cfg.Frontend.SecureCookies,
		}),
		mailing.Mount(mailing.MountDeps{
			Members:       accounts.Sessions,
			Subscriber:    mailingList,
			IPLimits:      up.limiter("mailing-ip", cfg.Limits.PerIP, cfg.Limits.Window),
			EmailLimits:   up.limiter("mailing-email", cfg.Limits.PerEmail, cfg.Limits.Window),
			SecureCookies: cfg.Frontend.SecureCookies,
		}),
		hotels.Mount(hotels.MountDeps{
			Search:        hotelSearch,
			Members:       accounts.Sessions,
			SecureCookies: cfg.Frontend.SecureCookies,
		}),
		partners.Mount(partners.MountDeps{
			Sessions: accounts.Sessions,
			Partners: partners.New(up.auth, partnerStore, accounts.Sessions, assertions, partners.Options{
				Logger: o.Logger,
				Now:    o.Now,
			}),
			SecureCookies: cfg.Frontend.SecureCookies,
			TokenLimits:   up.limiter("partner-tokens", cfg.Limits.PerIP, cfg.Limits.Window),
		}),
		livestream.Mount(livestream.MountDeps{
			Access:        chat,
			Members:       accounts.Sessions,
			Entries:       up.limiter("livestream-entries", cfg.Limits.PerIP, cfg.Limits.Window),
			SecureCookies: cfg.Frontend.SecureCookies,
		}),
		vitals.Mount(vitals.MountDeps{
			Histograms: buildVitals(up),
			// One report per page view: far more than anyone reads pages in a window.
			Reports: up.limiter("vitals", 10*cfg.Limits.PerIP, cfg.Limits.Window),
		}),
		hooks.Mount(hooks.MountDeps{
			Purger:      up.purger(srv),
			Revalidator: revalidate.New(cfg.Frontend.URL, cfg.Frontend.RevalidateSecret.Reveal(), 5*time.Second),
			Secret:      cfg.CMS.WebhookSecret.Reveal(),
			Logger:      o.Logger,
		}),
	)
	return srv, nil
}

// newUpstreams builds the content cache and the CMS client in front of which it sits.
func newUpstreams(cfg config.Config, o Options) (*upstreams, error) {
	m := metrics.New()
	store, err := cache.NewStore(cache.Options{
		MaxBytes:    cfg.Cache.MaxBytes,
		Fresh:       cfg.Cache.Fresh,
		Stale:       cfg.Cache.Stale,
		LoadTimeout: cfg.CMS.Timeout,
		Metrics:     m,
		Logger:      o.Logger,
		Now:         o.Now,
	})
	if err != nil {
		return nil, err
	}
	m.CacheIndex(store.IndexSize)
	client := cms.New(cms.Options{
		BaseURL:   cfg.CMS.URL,
		PublicURL: cfg.CMS.PublicURL,
		Timeout:   cfg.CMS.Timeout,
		Metrics:   m,
		// A flood of unique paths or searches waits for these instead of piling onto the CMS.
		MaxConcurrent: cfg.CMS.MaxConcurrent,
	})
	up := &upstreams{
		cfg: cfg, o: o, metrics: m, store: store, cms: client, content: cache.NewContent(client, store),
		orders: cache.NewOrders(orders.New(cfg.Orders.URL, cfg.Orders.Token.Reveal(), nil, m), store),
	}
	if cfg.RedisURL != "" {
		rc, err := redis.New(cfg.RedisURL.Reveal(), m)
		if err != nil {
			store.Close()
			return nil, err
		}
		up.redis, up.limits = rc, ratelimit.NewShared(rc, o.Logger)
	}
	return up, nil
}

// limiter is the Limiter named name: counted in Redis, shared by every replica, when there is
// one, else in this process.
func (up *upstreams) limiter(name string, limit int, window time.Duration) ratelimit.Limiter {
	if up.limits == nil {
		return ratelimit.New(limit, window)
	}
	return up.limits.Limiter(name, limit, window)
}

// purger is what the CMS webhook purges through: the content cache, and with Redis the purge bus
// that carries the purge to every other replica's (closed with srv).
func (up *upstreams) purger(srv *Server) hooks.Purger {
	if up.redis == nil {
		return localPurges{up.store}
	}
	p := cache.NewPurges(up.store, up.redis, up.o.Logger, up.metrics)
	srv.closers = append(srv.closers, func() error { p.Close(); return nil })
	return p
}

// sharedLocks is where uploads are locked across replicas: Redis, when there is one.
func (up *upstreams) sharedLocks() uploads.SharedLocks {
	if up.redis == nil {
		return nil // not a nil *redis.Client in the interface
	}
	return up.redis
}

// localPurges purges a lone BFF's own store: no other replica to tell.
type localPurges struct{ store *cache.Store }

func (l localPurges) Purge(_ context.Context, tags ...string) int { return l.store.Purge(tags...) }

// buildContent builds the content site's documents, cached per path and reader.
func buildContent(up *upstreams) *cache.Pages {
	return cache.NewPages(newPages(up, up.content), up.store)
}

// newPages is the page assembler over a content source, uncached.
func newPages(up *upstreams, src portal.Content) *content.Service {
	return content.New(src, content.Options{
		HomePath:    up.cfg.CMS.HomePath,
		ProductName: up.cfg.ProductName,
		Logger:      up.o.Logger,
		Now:         up.o.Now,
		// Blocks frame embedded forms from the external forms' host only, which the site's
		// Content-Security-Policy allows (frontend lib/securityHeaders.ts).
		FormOrigins: originOf(up.cfg.Forms.ExternalURL),
	})
}

// originOf is the origin of an http(s) URL, as a list of the one, or none for anything else.
func originOf(raw string) []string {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil
	}
	return []string{u.Scheme + "://" + u.Host}
}

// buildPreview builds editors' previews: the draft node straight from the CMS, everything else
// from the cached published content, assembled by the content pages' own code and never cached.
func buildPreview(up *upstreams) *preview.Service {
	return preview.New(preview.Options{
		Secret:   up.cfg.CMS.PreviewSecret.Reveal(),
		Token:    up.cfg.CMS.PreviewToken.Reveal(),
		Content:  up.content,
		Drafts:   up.cms,
		NewPages: func(src portal.Content) preview.Pages { return newPages(up, src) },
		Now:      up.o.Now,
	})
}

// buildVitals makes the Web Vitals' histograms, on the registry /metrics serves.
func buildVitals(up *upstreams) *vitals.Histograms {
	h := vitals.NewHistograms()
	up.metrics.Register(h.Collectors()...)
	return h
}

// buildBlog builds the blog and search documents from the cached CMS.
func buildBlog(up *upstreams) *blog.Service {
	return blog.New(cache.NewBlog(up.cms, up.store), up.content, blog.Options{
		ProductName: up.cfg.ProductName,
		Logger:      up.o.Logger,
	})
}

// buildAccounts builds the account services over Firebase Auth and Firestore (or the fakes the
// options give), registering what must be closed with srv.
func buildAccounts(up *upstreams, srv *Server, outbox portal.Outbox) (account.Services, error) {
	cfg, o := up.cfg, up.o
	auth, profiles := o.Auth, o.Profiles
	if auth == nil {
		a, err := authn.New(context.Background(), authn.Options{
			ProjectID:     cfg.Firebase.ProjectID,
			APIKey:        cfg.Firebase.APIKey.Reveal(),
			EmulatorHost:  cfg.Firebase.AuthEmulatorHost,
			Timeout:       cfg.Firebase.Timeout,
			RevocationTTL: cfg.Firebase.RevocationTTL,
			Metrics:       up.metrics,
		})
		if err != nil {
			return account.Services{}, fmt.Errorf("firebase auth: %w", err)
		}
		auth = a
	}
	up.auth = auth
	if profiles == nil {
		p, err := up.firestoreClient(srv)
		if err != nil {
			return account.Services{}, err
		}
		profiles = p
	}
	up.profiles = profiles
	return account.New(auth, profiles, up.content, up.orders, account.Options{
		ProductName:  cfg.ProductName,
		SupportPhone: cfg.SupportPhone,
		SiteURL:      cfg.Frontend.URL,
		SessionTTL:   cfg.Firebase.SessionTTL,
		SettingsTTL:  cfg.Firebase.SettingsTTL,
		EndedTTL:     cfg.Firebase.RevocationTTL,
		Outbox:       outbox,
		Logger:       o.Logger,
		Now:          o.Now,
	}), nil
}

// buildGrants builds the grant forms and cases over Firestore (or the fakes the options give)
// and the cached CMS.
func buildGrants(up *upstreams, srv *Server) (grants.Services, error) {
	cfg, o := up.cfg, up.o
	profiles, cases := o.Profiles, o.Cases
	if profiles == nil || cases == nil {
		p, err := up.firestoreClient(srv)
		if err != nil {
			return grants.Services{}, err
		}
		if profiles == nil {
			profiles = p
		}
		if cases == nil {
			cases = p.Cases()
		}
	}
	return grants.New(profiles, cases, up.content, grants.Options{
		ProductName:     cfg.ProductName,
		SupportPhone:    cfg.SupportPhone,
		ExternalFormURL: cfg.Forms.ExternalURL,
		FilesURL:        cfg.CMS.PublicURL,
		Logger:          o.Logger,
		Now:             o.Now,
	}), nil
}

// sweepInterval is how often each replica removes the unfinished uploads nobody continued.
const sweepInterval = 15 * time.Minute

// buildUploads builds a case's documents over the case store and the bucket (or the fakes the
// options give).
func buildUploads(up *upstreams, srv *Server) (*uploads.Service, error) {
	cfg, o := up.cfg, up.o
	cases, files, staging := o.Cases, o.Files, o.Staging
	if cases == nil {
		p, err := up.firestoreClient(srv)
		if err != nil {
			return nil, err
		}
		cases = p.Cases()
	}
	if files == nil {
		b, err := storage.New(context.Background(), cfg.Storage.Bucket, up.metrics)
		if err != nil {
			return nil, fmt.Errorf("storage: %w", err)
		}
		b.Timeout = cfg.Storage.Timeout
		srv.closers = append(srv.closers, b.Close)
		files, staging = b, b.Staging()
	}
	if staging == nil {
		return nil, errors.New("uploads: a fake bucket needs a fake staging area (Options.Staging)")
	}
	return uploads.New(cases, files, staging, uploads.Options{
		SupportPhone: cfg.SupportPhone,
		Users:        up.auth,
		Logger:       o.Logger,
		Now:          o.Now,
	}), nil
}

// buildStore builds the free-materials store over the cached order system, the cached unions and
// the cart store in Firestore (or the fake the options give).
func buildStore(up *upstreams, srv *Server) (*store.Service, error) {
	carts := up.o.Carts
	if carts == nil {
		p, err := up.firestoreClient(srv)
		if err != nil {
			return nil, err
		}
		carts = p.Carts()
	}
	return store.New(up.orders, up.content, store.Options{
		SupportPhone: up.cfg.SupportPhone,
		LeadersEmail: up.cfg.LeadersEmail,
		Carts:        carts,
		Variables:    up.content,
		Logger:       up.o.Logger,
		Now:          up.o.Now,
	}), nil
}

// buildMailing builds the mailing list over Firestore (or the options' fake), the profiles the
// accounts use and the cached CMS's unions.
func buildMailing(up *upstreams, srv *Server) (*mailing.Service, error) {
	list := up.o.Subscriptions
	if list == nil {
		p, err := up.firestoreClient(srv)
		if err != nil {
			return nil, err
		}
		list = p.Subscriptions()
	}
	return mailing.New(list, up.profiles, up.content, mailing.Options{Logger: up.o.Logger, Now: up.o.Now}), nil
}

// buildLivestream builds the livestream chat's access, over the cached CMS (its streams) and the
// comment-access records.
func buildLivestream(up *upstreams, srv *Server) (*livestream.Service, error) {
	records := up.o.CommentAccess
	if records == nil {
		p, err := up.firestoreClient(srv)
		if err != nil {
			return nil, err
		}
		records = p.CommentAccess()
	}
	return livestream.New(up.content, records, livestream.Options{Now: up.o.Now}), nil
}

// buildHotels builds the hotel search box over the partner's autocomplete behind the content
// cache, and the links of its listings page.
func buildHotels(up *upstreams) (*hotels.Service, error) {
	cfg := up.cfg.Hotels
	links, err := hotels.NewLinks(cfg.ListingsURL, cfg.MemberKey)
	if err != nil {
		return nil, err
	}
	partner := hotelpartner.New(hotelpartner.Options{BaseURL: cfg.APIURL, Timeout: cfg.Timeout, Metrics: up.metrics})
	return hotels.New(cache.NewHotelLocations(partner, up.store), links, hotels.Options{Logger: up.o.Logger, Now: up.o.Now}), nil
}

// mailSendTimeout bounds one message's SMTP conversation; the sender's lease (2 minutes) is well
// beyond it, so a slow send is never taken over while it still runs.
const mailSendTimeout = 30 * time.Second

// mailStopGrace is how long a shutdown waits for the message in hand: it comes after the
// listeners' drain and timeout, within Cloud Run's 10 s.
const mailStopGrace = time.Second

// startMail starts this replica's sender of the mail outbox, stopped with srv before the Firestore
// connection closes (closers run last first). Without SMTP_URL there is none, and the log says
// once that queued mail stays unsent.
func startMail(up *upstreams, srv *Server) error {
	cfg := up.cfg.Mail
	if cfg.URL == "" {
		up.o.Logger.Warn("mail is not sent: SMTP_URL is unset, so the mail outbox is only filled")
		return nil
	}
	sender, err := mail.NewSMTP(cfg.URL.Reveal(), mailSendTimeout)
	if err != nil {
		return fmt.Errorf("SMTP_URL: %w", err)
	}
	outbox := up.o.MailOutbox
	if outbox == nil {
		p, err := up.firestoreClient(srv)
		if err != nil {
			return err
		}
		outbox = p.Mail()
	}
	w := mail.New(mail.Options{
		Outbox:   outbox,
		Sender:   sender,
		From:     cfg.From,
		Logger:   up.o.Logger,
		Now:      up.o.Now,
		Interval: cfg.Interval,
	})
	stop := w.Start(mailStopGrace)
	srv.closers = append(srv.closers, func() error { stop(); return nil })
	return nil
}

// partnerStore is the partner records, links, token audit log and mail outbox: the options'
// fake, or Firestore.
func (up *upstreams) partnerStore(srv *Server) (partners.PartnerStore, error) {
	if up.o.Partners != nil {
		return up.o.Partners, nil
	}
	p, err := up.firestoreClient(srv)
	if err != nil {
		return nil, err
	}
	return p.Partners(), nil
}

// firestoreClient is the one Firestore connection, made on first use and closed with srv.
func (up *upstreams) firestoreClient(srv *Server) (*firestore.Profiles, error) {
	if up.firestore != nil {
		return up.firestore, nil
	}
	p, err := firestore.New(context.Background(), up.cfg.Firebase.ProjectID, up.metrics)
	if err != nil {
		return nil, fmt.Errorf("firestore: %w", err)
	}
	p.Timeout = up.cfg.Firebase.Timeout
	srv.closers = append(srv.closers, p.Close)
	up.firestore = p
	return p, nil
}

// errorReporter is the error-reporting endpoint's client when ERROR_REPORTING_URL is set (spec 1
// §9); Close sends what is still queued, for at most a second of the shutdown's time.
func errorReporter(cfg config.Config, log *slog.Logger, srv *Server) errreport.Reporter {
	if cfg.ErrorReportingURL == "" {
		return errreport.Off{}
	}
	r := errreport.New(errreport.Options{URL: cfg.ErrorReportingURL.Reveal(), Service: "portal-bff", Logger: log})
	srv.closers = append(srv.closers, func() error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		return r.Close(ctx)
	})
	return r
}
