// Package config reads the BFF's one Config from the environment, once, in main. Nothing else in
// the BFF reads the environment: everything receives what it needs from here.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Config is every setting of the BFF, grouped by the part it configures. README.md lists each
// variable with its default.
type Config struct {
	Addr            string        // BFF_ADDR: where the HTTP server listens
	LogLevel        slog.Level    // LOG_LEVEL: debug, info, warn or error
	ShutdownTimeout time.Duration // SHUTDOWN_TIMEOUT: how long in-flight requests get on shutdown
	// ShutdownDrain is SHUTDOWN_DRAIN: how long /readyz answers not-ready before the listener
	// closes, so a load balancer that polls it stops sending requests before they would be refused.
	ShutdownDrain  time.Duration
	RequestTimeout time.Duration // REQUEST_TIMEOUT: how long one API request may wait on upstreams and the cache
	// MemoryLimit is MEMORY_LIMIT: the Go runtime's soft limit on the memory it holds
	// (debug.SetMemoryLimit), in bytes; 0 leaves the runtime's default (GOMEMLIMIT, or none).
	MemoryLimit  int64
	ProductName  string // PRODUCT_NAME: the brand shown on every page
	SupportPhone string // SUPPORT_PHONE: the phone number messages quote

	CMS      CMS
	Cache    Cache
	Frontend Frontend
	Orders   Orders
	Firebase Firebase
	Limits   Limits
	Forms    Forms
	Storage  Storage
	Hotels   Hotels
	// RedisURL is REDIS_URL: the Redis every replica shares (the abuse limits' counts and the bus
	// that carries a CMS purge to every replica's cache); empty keeps both in this process, which
	// is right for a single replica only. A Secret: the URL may carry Redis's password.
	RedisURL Secret
}

// CMS configures the content CMS and its publish webhook.
type CMS struct {
	URL           string        // CMS_URL: the CMS's base URL (api/v0 is appended)
	PublicURL     string        // CMS_PUBLIC_URL: where browsers fetch CMS files; defaults to CMS_URL
	Timeout       time.Duration // CMS_TIMEOUT: the limit on one CMS call
	MaxConcurrent int           // CMS_MAX_CONCURRENT: CMS calls in flight at once, the rest wait
	WebhookSecret Secret        // CMS_WEBHOOK_SECRET: HMAC key of the publish webhook
	PreviewSecret Secret        // PREVIEW_SECRET: HMAC key of editors' preview links; empty turns preview off
	PreviewToken  Secret        // CMS_PREVIEW_TOKEN: bearer token the CMS asks of a request for an unpublished revision
	HomePath      string        // HOME_PATH: the CMS path of the home node
}

// Cache configures the content cache.
type Cache struct {
	MaxBytes int64         // CACHE_MAX_BYTES: the content cache's budget
	Fresh    time.Duration // CACHE_FRESH_TTL: served without asking the CMS again
	Stale    time.Duration // CACHE_STALE_TTL: served while revalidating, or when the CMS fails
}

// Frontend configures what the BFF knows of Next.js and the browsers it serves.
type Frontend struct {
	URL              string   // FRONTEND_URL: Next.js, asked to revalidate after a purge
	AllowedOrigins   []string // ALLOWED_ORIGINS: comma-separated origins allowed to POST; FRONTEND_URL when empty
	RevalidateSecret Secret   // REVALIDATE_SECRET: bearer token for Next.js's /api/revalidate
	SecureCookies    bool     // cookies are Secure unless FRONTEND_URL is a localhost address
}

// Orders configures the order system.
type Orders struct {
	URL string // ORDERS_URL: the order system's GraphQL endpoint
}

// Firebase configures Firebase Auth, Firestore and the sessions built on them.
type Firebase struct {
	ProjectID        string        // FIREBASE_PROJECT_ID: the Firebase (and Firestore) project
	APIKey           Secret        // FIREBASE_API_KEY: web API key for Identity Toolkit calls
	AuthEmulatorHost string        // FIREBASE_AUTH_EMULATOR_HOST: the Auth emulator, offline only
	Timeout          time.Duration // AUTH_TIMEOUT: the limit on one Auth or Firestore call
	SessionTTL       time.Duration // SESSION_TTL: how long a session cookie lives (Firebase allows 5m to 336h)
	RevocationTTL    time.Duration // REVOCATION_TTL: how long a user's revocation time is trusted
	SettingsTTL      time.Duration // SETTINGS_TTL: how long the login switch is trusted
}

// Limits configures the per-IP and per-email attempt limits.
type Limits struct {
	PerIP          int           // RATE_LIMIT_PER_IP: sign-in, sign-up, reset or verification attempts per IP per window
	PerEmail       int           // RATE_LIMIT_PER_EMAIL: the same per email (or member)
	Window         time.Duration // RATE_LIMIT_WINDOW
	ContentMisses  int           // CONTENT_MISSES_PER_IP: content cache misses (CMS calls) one visitor address may cause per window
	TrustedProxies []string      // TRUSTED_PROXIES: proxies whose X-Forwarded-For is believed (besides loopback)
}

// Forms configures the grant forms.
type Forms struct {
	// ExternalURL is EXTERNAL_FORM_URL: the frame source of an external-only form, an http(s)
	// URL template with {id} for the form's external id. It defaults to the stand-in pages the
	// fixture CMS serves, {CMS_PUBLIC_URL}/sites/default/files/external-forms/{id}.html?embed=1.
	ExternalURL string
}

// Storage configures the bucket of members' case documents. The client library reads
// STORAGE_EMULATOR_HOST itself (fake-gcs-server offline), as Firestore's reads
// FIRESTORE_EMULATOR_HOST.
type Storage struct {
	Bucket        string        // STORAGE_BUCKET: the bucket case documents are stored in
	Timeout       time.Duration // STORAGE_TIMEOUT: the limit on one listing or metadata call
	UploadTimeout time.Duration // UPLOAD_TIMEOUT: how long one upload may take, slow phones included
}

// Hotels configures the hotel partner: its location autocomplete and its listings page, where the
// hotel search box's results link and partner redirects lead (spec 3 §7, spec 1 §7).
type Hotels struct {
	APIURL string // HOTELS_API_URL: the partner's API origin; /svcs/ac/index/hotels/... is appended
	// ListingsURL is HOTELS_LISTINGS_URL: the partner's listings page, an https URL (http on this
	// machine only); its scheme, host and port are the one partner address a redirect_url may name.
	ListingsURL string
	MemberKey   string        // HOTELS_MEMBER_KEY: the site's member key (mk) at the partner; required with a partner's listings page
	Timeout     time.Duration // HOTELS_TIMEOUT: the limit on one autocomplete call
}

// Secret is a string that never appears in logs.
type Secret string

// LogValue masks the secret in slog output.
func (s Secret) LogValue() slog.Value {
	if s == "" {
		return slog.StringValue("")
	}
	return slog.StringValue("********")
}

// MarshalJSON masks the secret where a whole Config is logged as JSON.
func (s Secret) MarshalJSON() ([]byte, error) { return []byte(`"` + s.LogValue().String() + `"`), nil }

// String masks the secret in fmt output too.
func (s Secret) String() string { return s.LogValue().String() }

// Reveal returns the secret's value, for the one place that uses it.
func (s Secret) Reveal() string { return string(s) }

// Load reads the Config from getenv (os.Getenv in main; a map in tests) and reports every bad
// value at once, so a misconfigured deploy fails on start with the whole list.
func Load(getenv func(string) string) (Config, error) {
	r := reader{getenv: getenv}
	c := Config{
		Addr:            r.str("BFF_ADDR", ":8080"),
		LogLevel:        r.level("LOG_LEVEL", slog.LevelInfo),
		ShutdownTimeout: r.duration("SHUTDOWN_TIMEOUT", 10*time.Second),
		ShutdownDrain:   r.waitDuration("SHUTDOWN_DRAIN", 5*time.Second),
		RequestTimeout:  r.duration("REQUEST_TIMEOUT", 15*time.Second),
		MemoryLimit:     r.int64("MEMORY_LIMIT", 100<<20),
		ProductName:     r.str("PRODUCT_NAME", "Union Benefits"),
		SupportPhone:    r.str("SUPPORT_PHONE", "800-472-2005"),
		CMS: CMS{
			URL:           strings.TrimRight(r.str("CMS_URL", "http://127.0.0.1:8081"), "/"),
			Timeout:       r.duration("CMS_TIMEOUT", 5*time.Second),
			MaxConcurrent: int(r.int64("CMS_MAX_CONCURRENT", 16)),
			WebhookSecret: Secret(r.str("CMS_WEBHOOK_SECRET", "")),
			PreviewSecret: Secret(r.str("PREVIEW_SECRET", "")),
			PreviewToken:  Secret(r.str("CMS_PREVIEW_TOKEN", "")),
			HomePath:      strings.Trim(r.str("HOME_PATH", "home/1072"), "/"),
		},
		Cache: Cache{
			MaxBytes: r.int64("CACHE_MAX_BYTES", 32<<20),
			Fresh:    r.duration("CACHE_FRESH_TTL", time.Minute),
			Stale:    r.duration("CACHE_STALE_TTL", 24*time.Hour),
		},
		Frontend: Frontend{
			URL:              strings.TrimRight(r.str("FRONTEND_URL", "http://127.0.0.1:3000"), "/"),
			RevalidateSecret: Secret(r.str("REVALIDATE_SECRET", "")),
		},
		Orders: Orders{URL: r.str("ORDERS_URL", "http://127.0.0.1:8082/graphql")},
		Firebase: Firebase{
			ProjectID:        r.str("FIREBASE_PROJECT_ID", "demo-union-benefits"),
			APIKey:           Secret(r.str("FIREBASE_API_KEY", "")),
			AuthEmulatorHost: r.str("FIREBASE_AUTH_EMULATOR_HOST", ""),
			Timeout:          r.duration("AUTH_TIMEOUT", 5*time.Second),
			SessionTTL:       r.duration("SESSION_TTL", 5*24*time.Hour),
			RevocationTTL:    r.duration("REVOCATION_TTL", 30*time.Second),
			SettingsTTL:      r.duration("SETTINGS_TTL", 30*time.Second),
		},
		Limits: Limits{
			PerIP:          int(r.int64("RATE_LIMIT_PER_IP", 30)),
			PerEmail:       int(r.int64("RATE_LIMIT_PER_EMAIL", 10)),
			Window:         r.duration("RATE_LIMIT_WINDOW", 10*time.Minute),
			ContentMisses:  int(r.int64("CONTENT_MISSES_PER_IP", 300)),
			TrustedProxies: r.list("TRUSTED_PROXIES", ""),
		},
		Storage: Storage{
			Bucket:        r.str("STORAGE_BUCKET", "demo-union-benefits.appspot.com"),
			Timeout:       r.duration("STORAGE_TIMEOUT", 10*time.Second),
			UploadTimeout: r.duration("UPLOAD_TIMEOUT", 10*time.Minute),
		},
	}
	c.Hotels = Hotels{
		// Offline, the fixture CMS serves the partner's stand-in (bff/internal/dev/hotelstub).
		APIURL:      strings.TrimRight(r.str("HOTELS_API_URL", "http://127.0.0.1:8081"), "/"),
		ListingsURL: r.str("HOTELS_LISTINGS_URL", "http://127.0.0.1:8081/hotels/listings"),
		MemberKey:   r.str("HOTELS_MEMBER_KEY", ""),
		Timeout:     r.duration("HOTELS_TIMEOUT", 3*time.Second),
	}
	r.hotels(c.Hotels)
	c.RedisURL = Secret(r.str("REDIS_URL", ""))
	if u, err := url.Parse(c.RedisURL.Reveal()); c.RedisURL != "" && (err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") || u.Host == "") {
		r.errs = append(r.errs, errors.New("REDIS_URL: not a redis:// or rediss:// URL"))
	}
	c.Frontend.SecureCookies = !isLocalhost(c.Frontend.URL)
	c.Frontend.AllowedOrigins = r.list("ALLOWED_ORIGINS", c.Frontend.URL)
	c.CMS.PublicURL = strings.TrimRight(r.str("CMS_PUBLIC_URL", c.CMS.URL), "/")
	c.Forms.ExternalURL = r.str("EXTERNAL_FORM_URL", c.CMS.PublicURL+"/sites/default/files/external-forms/{id}.html?embed=1")
	if u, err := url.Parse(c.Forms.ExternalURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" ||
		!strings.Contains(c.Forms.ExternalURL, "{id}") {
		r.errs = append(r.errs, fmt.Errorf("EXTERNAL_FORM_URL: %q is not an http(s) URL with {id}", c.Forms.ExternalURL))
	}
	if c.Firebase.APIKey == "" {
		if c.Firebase.AuthEmulatorHost == "" {
			r.errs = append(r.errs, errors.New("FIREBASE_API_KEY: required outside the Auth emulator"))
		}
		c.Firebase.APIKey = "fake-api-key" // the emulator accepts any key
	}
	// An emulator trusts whoever calls it, so a real project must never be pointed at one: a
	// stray variable in a deploy would put members' data behind unauthenticated stand-ins. Firebase
	// reserves demo- projects for emulators (they can reach no real resource).
	for _, name := range []string{"FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST", "STORAGE_EMULATOR_HOST"} {
		if getenv(name) != "" && !strings.HasPrefix(c.Firebase.ProjectID, "demo-") {
			r.errs = append(r.errs, fmt.Errorf("%s: emulators are only for demo- projects, not %q", name, c.Firebase.ProjectID))
		}
	}
	if c.Firebase.SessionTTL < 5*time.Minute || c.Firebase.SessionTTL > 14*24*time.Hour {
		r.errs = append(r.errs, errors.New("SESSION_TTL: Firebase session cookies live between 5m and 336h"))
	}
	if c.CMS.WebhookSecret == "" {
		r.errs = append(r.errs, errors.New("CMS_WEBHOOK_SECRET: required (the publish webhook is refused without it)"))
	}
	if c.Cache.Fresh > c.Cache.Stale {
		r.errs = append(r.errs, errors.New("CACHE_FRESH_TTL: must not exceed CACHE_STALE_TTL"))
	}
	return c, errors.Join(r.errs...)
}

// hotels checks the hotel partner's addresses: both absolute http(s) URLs, the listings page https
// unless it is this machine's stand-in (a redirect must not downgrade a member to plain http),
// and a member key whenever the listings page is a real partner's.
func (r *reader) hotels(h Hotels) {
	if u, err := url.Parse(h.APIURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		r.errs = append(r.errs, fmt.Errorf("HOTELS_API_URL: %q is not an http(s) URL", h.APIURL))
	}
	u, err := url.Parse(h.ListingsURL)
	local := isLocalhost(h.ListingsURL)
	if err != nil || (u.Scheme != "https" && !local) || u.Host == "" || u.User != nil {
		r.errs = append(r.errs, fmt.Errorf("HOTELS_LISTINGS_URL: %q is not an https URL", h.ListingsURL))
	}
	if h.MemberKey == "" && !local {
		r.errs = append(r.errs, errors.New("HOTELS_MEMBER_KEY: required with a partner's HOTELS_LISTINGS_URL"))
	}
}

// isLocalhost reports whether a URL is served from this machine over plain HTTP, the one place a
// Secure cookie would not be kept.
func isLocalhost(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" {
		return false
	}
	switch u.Hostname() {
	case "localhost", "127.0.0.1", "::1":
		return true
	}
	return false
}

type reader struct {
	getenv func(string) string
	errs   []error
}

func (r *reader) str(key, def string) string {
	if v := strings.TrimSpace(r.getenv(key)); v != "" {
		return v
	}
	return def
}

// list reads a comma- or space-separated list.
func (r *reader) list(key, def string) []string {
	return strings.FieldsFunc(r.str(key, def), func(r rune) bool { return r == ',' || r == ' ' })
}

func (r *reader) duration(key string, def time.Duration) time.Duration {
	v := r.getenv(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		r.errs = append(r.errs, fmt.Errorf("%s: %q is not a positive duration such as 5s", key, v))
		return def
	}
	return d
}

// waitDuration reads a duration that may be 0: a wait that can be left out (the local stack's
// drain, which no load balancer polls).
func (r *reader) waitDuration(key string, def time.Duration) time.Duration {
	v := r.getenv(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		r.errs = append(r.errs, fmt.Errorf("%s: %q is not a duration such as 5s or 0s", key, v))
		return def
	}
	return d
}

func (r *reader) int64(key string, def int64) int64 {
	v := r.getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		r.errs = append(r.errs, fmt.Errorf("%s: %q is not a positive whole number", key, v))
		return def
	}
	return n
}

func (r *reader) level(key string, def slog.Level) slog.Level {
	v := r.getenv(key)
	if v == "" {
		return def
	}
	var l slog.Level
	if err := l.UnmarshalText([]byte(v)); err != nil {
		r.errs = append(r.errs, fmt.Errorf("%s: %q is not one of debug, info, warn, error", key, v))
		return def
	}
	return l
}
