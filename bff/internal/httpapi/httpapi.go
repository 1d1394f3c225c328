// Package httpapi is what every feature's HTTP surface shares: the Fiber app, its middleware
// (request id, logs and metrics, panics, origin check, deadlines, who is asking), the one error
// handler, cookies, body decoding, encoded documents and attempt limits. A feature mounts its
// routes from its own package (its http.go: account.Mount, store.Mount, ...), taking only its
// dependencies through interfaces declared beside its handlers, never an upstream or a cache;
// the content and webhook mounts are still here.
package httpapi

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/adaptor"
	"github.com/gofiber/fiber/v3/middleware/recover"
	"github.com/gofiber/fiber/v3/middleware/requestid"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/errreport"
	"github.com/union-benefits/portal/bff/internal/metrics"
)

// Options configure the app itself; each feature's dependencies go to its mount function.
type Options struct {
	Logger         *slog.Logger
	Metrics        *metrics.Metrics
	AllowedOrigins []string // origins whose browsers may send state-changing requests
	// Edge verifies that a request came through the site's edge or from its Next.js server
	// (edge.go); every request but the CMS webhook must.
	Edge Verifier
	// RequestTimeout is the deadline of every API request: a handler waiting on the cache or an
	// upstream gives up then (Fiber's request context never ends by itself).
	RequestTimeout time.Duration
	Ready          *atomic.Bool // false while starting or shutting down
	Cache          Checker      // the content cache; /readyz fails while it cannot store
	// ContentMisses counts the content cache misses each visitor's address causes (each a CMS
	// call: unique paths, search terms); nil counts none.
	ContentMisses Limiter
	// MissBudget hands a request's context the charge each content cache miss makes
	// (cache.WithMissBudget); the cache is an adapter, so this package does not import it.
	MissBudget func(ctx context.Context, spend func() error) context.Context
	// Secure says the site is served over HTTPS (everywhere but a localhost frontend): every
	// answer carries Strict-Transport-Security, and the BFF's cookies the __Host- prefix.
	Secure bool
	// Errors receives every internal error (the error-reporting endpoint, ERROR_REPORTING_URL);
	// nil reports none.
	Errors errreport.Reporter
}

// Checker reports whether a part of the BFF can still do its work (cache.Store completing a
// store), for readiness.
type Checker interface {
	Check(ctx context.Context) error
}

// bodyLimit is the largest request body of any route but the upload: JSON documents are small.
const bodyLimit = 1 << 20

// readyCheckTimeout bounds readiness checks: a part that cannot answer within it is stuck.
const readyCheckTimeout = 3 * time.Second

// Mount adds one feature's routes to the /api/v1 group.
type Mount func(api fiber.Router)

// New builds the public Fiber app: middleware, each feature's routes under /api/v1, and a
// problem+json 404 for everything else. Health and metrics are on the admin app (Admin).
func New(o Options, mounts ...Mount) *fiber.App {
	app := fiber.New(fiber.Config{
		AppName:      "portal-bff",
		ErrorHandler: problemHandler(o.Logger, o.Errors),
		ReadTimeout:  15 * time.Second,
		WriteTimeout: 30 * time.Second,
		IdleTimeout:  2 * time.Minute,
		// Bodies are handed over as a stream, of which the server reads only the first 8 KB
		// ahead: c.Body() reads the rest, up to BodyLimit (limitBody refuses a longer one but on
		// the upload route, which streams); closeAfterUnreadBody closes the connection after a
		// body nobody read.
		BodyLimit:         bodyLimit,
		StreamRequestBody: true,
		// Values handlers take from a request (parameters, cache keys, loads that go on in the
		// background) outlive it; Fiber's default hands out views of a buffer the next request
		// reuses.
		Immutable: true,
		// The client's address is never read from the request's own headers but from the edge's,
		// once its signature verified (edge.go).
	})
	app.Use(securityHeaders(o.Secure))
	app.Use(requestid.New(requestid.Config{Generator: requestID}))
	app.Use(hostCookies(o.Secure))
	app.Use(closeAfterUnreadBody())
	app.Use(traced())
	app.Use(observe(o.Metrics, o.Logger))
	app.Use(recover.New())
	app.Use(fromEdge(o.Edge))
	app.Use(limitMisses(o.ContentMisses, o.MissBudget))
	app.Use(sameOrigin(o.AllowedOrigins))
	app.Use(limitBody(bodyLimit))

	api := app.Group("/api/v1", routeDeadline(o.RequestTimeout))
	for _, mount := range mounts {
		mount(api)
	}
	app.Use(func(fiber.Ctx) error { return apperr.PageNotFound(nil) })
	return app
}

// Admin builds the admin listener's app: liveness (/healthz), readiness (/readyz) and Prometheus
// metrics (/metrics). It listens on a port of its own (ADMIN_ADDR) that the edge never routes, so
// neither the internet nor a partner reads the BFF's metrics, and a probe needs no signature.
func Admin(o Options) *fiber.App {
	app := fiber.New(fiber.Config{
		AppName:      "portal-bff-admin",
		ErrorHandler: problemHandler(o.Logger, o.Errors),
		ReadTimeout:  5 * time.Second,
		WriteTimeout: 10 * time.Second,
	})
	app.Get("/healthz", Healthz)
	app.Get("/readyz", ready(o.Ready, o.Cache))
	app.Get("/metrics", adaptor.HTTPHandler(o.Metrics.Handler()))
	app.Use(func(fiber.Ctx) error { return apperr.PageNotFound(nil) })
	return app
}

// Healthz is liveness: the process answers.
func Healthz(c fiber.Ctx) error { return c.JSON(fiber.Map{"status": "ok"}) }

// securityHeaders are on every answer of the BFF, errors included. Its answers are JSON (and
// problem+json) read by scripts, never documents to render: nothing may load from them, frame
// them or sniff them into something else, and a link from them carries no referrer.
//
// It runs first, and also turns off fasthttp's re-casing of response header names for the
// request: every name the BFF and its middleware set is written in canonical form already, and
// re-casing each name on every Set was part of a cached document's cost (issue 38).
func securityHeaders(hsts bool) fiber.Handler {
	headers := []fixedHeader{
		fixed("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
		fixed("X-Content-Type-Options", "nosniff"),
		fixed("X-Frame-Options", "DENY"),
		fixed("Referrer-Policy", "no-referrer"),
		fixed("Cross-Origin-Resource-Policy", "same-site"),
	}
	if hsts {
		headers = append(headers, fixed("Strict-Transport-Security", "max-age=63072000; includeSubDomains"))
	}
	return func(c fiber.Ctx) error {
		c.Response().Header.DisableNormalizing()
		for _, h := range headers {
			h.set(c)
		}
		return c.Next()
	}
}

// requestID makes a request's id: 128 bits of math/rand/v2's generator (ChaCha8, seeded by the
// system) in hex. Fiber's default reads crypto/rand on each request, several percent of a cached
// document's cost; an id needs to be unique, not secret (a caller may send its own).
func requestID() string {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], rand.Uint64()) //nolint:gosec // an id, not a secret (above)
	binary.LittleEndian.PutUint64(b[8:], rand.Uint64()) //nolint:gosec // an id, not a secret (above)
	return hex.EncodeToString(b[:])
}

// fixedHeader is a response header whose name and value are known when the app is built. Set
// from bytes made once, it skips what fasthttp's Set does on every call (copy the name and
// value, re-case the name, scan the value for line breaks): with a dozen headers on a cached
// document, that was a tenth of its cost (issue 38).
type fixedHeader struct{ name, value []byte }

// fixed is the header name: value; name in canonical form, value without line breaks.
func fixed(name, value string) fixedHeader {
	return fixedHeader{[]byte(name), []byte(value)}
}

func (h fixedHeader) set(c fiber.Ctx) { c.Response().Header.SetCanonical(h.name, h.value) }

// ready answers 503 while the BFF starts or shuts down, and while the content cache cannot
// complete a store, so an orchestrator stops sending traffic to a stuck replica.
func ready(flag *atomic.Bool, cache Checker) fiber.Handler {
	return func(c fiber.Ctx) error {
		if !flag.Load() {
			return apperr.New(apperr.Unavailable, "Shutting down.")
		}
		ctx, cancel := context.WithTimeout(c.Context(), readyCheckTimeout)
		defer cancel()
		if err := cache.Check(ctx); err != nil {
			return err
		}
		return c.JSON(fiber.Map{"status": "ready"})
	}
}

// cacheControl sets the Cache-Control of every answer of a group of routes.
func cacheControl(value string) fiber.Handler {
	header := fixed(fiber.HeaderCacheControl, value)
	return func(c fiber.Ctx) error {
		header.set(c)
		return c.Next()
	}
}

// The two policies: documents anyone may see ("no-cache": Next.js and browsers may keep them but
// ask again each time), and anything about one person.
var (
	PublicDocument = cacheControl("no-cache")
	Private        = cacheControl("private, no-store")
)

// GetOrHead are the methods of a document the Next.js proxy asks about without its body (a HEAD,
// frontend/lib/missingPage.ts: its status, and a page's Page-Kind header). Fiber adds a HEAD route beside each GET route only as the
// app starts, behind New's catch-all, which would answer it 404 first.
var GetOrHead = []string{fiber.MethodGet, fiber.MethodHead}

// observe logs every request as one JSON line with its request id and records its latency by
// route pattern (not raw path, which would make unbounded label values).
func observe(m *metrics.Metrics, log *slog.Logger) fiber.Handler {
	return func(c fiber.Ctx) error {
		start := time.Now()
		err := c.Next()
		if err != nil {
			// Run the error handler now, so the status logged is the one sent.
			if herr := c.App().ErrorHandler(c, err); herr != nil {
				_ = c.SendStatus(fiber.StatusInternalServerError)
			}
		}
		status := c.Response().StatusCode()
		route := c.Route().Path
		m.ObserveRequest(route, c.Method(), status, time.Since(start))
		level := levelFor(status)
		if !log.Enabled(c.Context(), level) {
			return nil // the attributes below cost more than the check
		}
		attrs := make([]slog.Attr, 0, 8)
		attrs = append(attrs,
			slog.String("request_id", requestid.FromContext(c)),
			slog.String("method", c.Method()),
			slog.String("path", c.Path()),
			slog.String("route", route),
			slog.Int("status", status),
			slog.Duration("duration", time.Since(start)),
		)
		// An upload's request (tus) says where its bytes start and the answer where the upload
		// stands after it: the first thing to read when an upload went wrong.
		if offset := c.Get(uploadOffset); offset != "" {
			attrs = append(attrs, slog.String("upload_offset", offset))
		}
		if offset := c.GetRespHeader(uploadOffset); offset != "" {
			attrs = append(attrs, slog.String("upload_offset_after", offset))
		}
		log.LogAttrs(c.Context(), level, "request", attrs...)
		return nil
	}
}

// uploadOffset is the tus protocol's header of an upload's position in bytes.
const uploadOffset = "Upload-Offset"

func levelFor(status int) slog.Level {
	if status >= 500 {
		return slog.LevelWarn
	}
	return slog.LevelInfo
}

// sameOrigin rejects state-changing requests a browser sends from another site. Requests with no
// Origin and no Sec-Fetch-Site (server to server, such as the CMS webhook) pass: they carry no
// ambient browser credentials.
func sameOrigin(allowed []string) fiber.Handler {
	ok := make(map[string]bool, len(allowed))
	for _, o := range allowed {
		if u, err := url.Parse(o); err == nil {
			ok[u.Scheme+"://"+u.Host] = true
		}
	}
	return func(c fiber.Ctx) error {
		switch c.Method() {
		case fiber.MethodGet, fiber.MethodHead, fiber.MethodOptions:
			return c.Next()
		}
		if c.Get("Sec-Fetch-Site") == "cross-site" {
			return apperr.New(apperr.Forbidden, "Cross-site requests are not allowed.")
		}
		if origin := c.Get(fiber.HeaderOrigin); origin != "" && !ok[origin] {
			return apperr.New(apperr.Forbidden, "Cross-site requests are not allowed.")
		}
		return c.Next()
	}
}

// JSON answers v as JSON: the usual end of a handler whose service call made v, or failed with err
// (which the error handler then answers).
func JSON(c fiber.Ctx, v any, err error) error {
	if err != nil {
		return err
	}
	return c.JSON(v)
}

// Decode reads a JSON body into v; a body that is not one is the caller's mistake, never a 500.
func Decode(c fiber.Ctx, v any) error {
	if err := json.Unmarshal(c.Body(), v); err != nil {
		return apperr.New(apperr.Invalid, "The request body is not valid JSON.")
	}
	return nil
}

// problem is an RFC 9457 problem document.
type problem struct {
	Type      string              `json:"type"`
	Title     string              `json:"title"`
	Status    int                 `json:"status"`
	Detail    string              `json:"detail,omitempty"`
	Instance  string              `json:"instance,omitempty"`
	Code      apperr.Code         `json:"code"`
	RequestID string              `json:"requestId,omitempty"`
	Errors    []apperr.FieldError `json:"errors,omitempty"`
}

// fiberCodes maps Fiber's own errors (unknown method, body too large, ...) onto our codes.
var fiberCodes = map[int]apperr.Code{
	fiber.StatusBadRequest:                  apperr.Invalid,
	fiber.StatusNotFound:                    apperr.NotFound,
	fiber.StatusMethodNotAllowed:            apperr.Invalid,
	fiber.StatusRequestEntityTooLarge:       apperr.TooLarge,
	fiber.StatusRequestHeaderFieldsTooLarge: apperr.Invalid,
	fiber.StatusUnsupportedMediaType:        apperr.Invalid,
	fiber.StatusRequestTimeout:              apperr.Unavailable,
}

// problemHandler answers every error as application/problem+json. Only internal errors are
// logged with their cause, and reported (errreport); clients never see an internal error's text.
func problemHandler(log *slog.Logger, reporter errreport.Reporter) fiber.ErrorHandler {
	if reporter == nil {
		reporter = errreport.Off{}
	}
	return func(c fiber.Ctx, err error) error {
		var fe *fiber.Error
		var e *apperr.Error
		status := 0
		switch {
		case errors.As(err, &fe):
			code, ok := fiberCodes[fe.Code]
			if !ok {
				code = apperr.Internal
			}
			e = apperr.New(code, fe.Message)
			status = fe.Code
		default:
			e = apperr.From(err)
			status = apperr.Status(e.Code)
		}
		if e.Code == apperr.Internal {
			log.LogAttrs(c.Context(), slog.LevelError, "internal error",
				slog.String("request_id", requestid.FromContext(c)),
				slog.String("path", c.Path()),
				slog.String("err", err.Error()))
			reporter.Report(errreport.Event{
				Method: c.Method(), Path: c.Path(), Status: status, RequestID: requestid.FromContext(c), Err: err,
			})
			e = apperr.InternalError(nil)
		} else if e.Err != nil {
			// A client's mistake (4xx) is routine, and the access log says its status: its cause
			// is for debugging only, or a flood of unique paths would be a flood of warnings.
			level := slog.LevelWarn
			if status < fiber.StatusInternalServerError {
				level = slog.LevelDebug
			}
			log.LogAttrs(c.Context(), level, "request failed",
				slog.String("request_id", requestid.FromContext(c)),
				slog.String("code", string(e.Code)),
				slog.String("err", err.Error()))
		}
		p := problem{
			Type:      "about:blank",
			Title:     statusText(status),
			Status:    status,
			Detail:    e.Message,
			Instance:  c.Path(),
			Code:      e.Code,
			RequestID: requestid.FromContext(c),
			Errors:    e.Fields,
		}
		if status == fiber.StatusServiceUnavailable {
			c.Set(fiber.HeaderRetryAfter, "5")
		}
		c.Set(fiber.HeaderCacheControl, "no-store")
		return c.Status(status).JSON(p, "application/problem+json")
	}
}

func statusText(status int) string {
	if t := http.StatusText(status); t != "" {
		return t
	}
	return "Error"
}
