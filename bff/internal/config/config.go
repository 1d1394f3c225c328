// Package config reads the BFF's one Config from the environment, once, in main. Nothing else in
// the BFF reads the environment: everything receives what it needs from here.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/mail"
)

// Config is every setting of the BFF, grouped by the part it configures. README.md lists each
// variable with its default.
type Config struct {
	// Addr is where the API listens: BFF_ADDR if set, else ":"+PORT when PORT is set (Cloud Run
	// tells a container its port in PORT), else ":8080".
	Addr string
	// AdminAddr is ADMIN_ADDR: the admin listener serving /healthz, /readyz and /metrics. The edge
	// never routes to it, so probes and metrics are neither public nor in need of a signature.
	AdminAddr string
	LogLevel  slog.Level // LOG_LEVEL: debug, info, warn or error
	// ShutdownTimeout is SHUTDOWN_TIMEOUT: how long in-flight requests get on shutdown, after the
	// drain. Drain and timeout together must fit Cloud Run's 10 s between SIGTERM and SIGKILL.
	ShutdownTimeout time.Duration
	// ShutdownDrain is SHUTDOWN_DRAIN: how long /readyz answers not-ready before the listener
	// closes, so a load balancer that polls it stops sending requests before they would be refused.
	ShutdownDrain  time.Duration
	RequestTimeout time.Duration // REQUEST_TIMEOUT: how long one API request may wait on upstreams and the cache
	// MemoryLimit is MEMORY_LIMIT: the Go runtime's soft limit on the memory it holds
	// (debug.SetMemoryLimit), in bytes; 0 leaves the runtime's default (GOMEMLIMIT, or none).
	MemoryLimit  int64
	ProductName  string // PRODUCT_NAME: the brand shown on every page
	SupportPhone string // SUPPORT_PHONE: the phone number messages quote
	// LeadersEmail is LEADERS_EMAIL: the union leaders mailbox the shipping-state modal gives for
	// orders to other countries (spec 3 §2, "a toll-free number and a leaders mailbox are shown").
	LeadersEmail string
	// ErrorReportingURL is ERROR_REPORTING_URL: where every internal error is reported (spec 1 §9,
	// "an error-reporting endpoint is configured"; package errreport), e.g. Cloud Error
	// Reporting's events:report with its key; empty reports none. A Secret: the URL carries a key.
	ErrorReportingURL Secret
	// OTLPEndpoint is OTEL_EXPORTER_OTLP_ENDPOINT: the OTLP/HTTP receiver traces are exported to
	// (package telemetry; {endpoint}/v1/traces), a collector, Cloud Trace's OTLP endpoint through
	// one, or the stack's trace viewer; empty exports none, and tracing costs nothing. The
	// OpenTelemetry specification's variable, so a collector sidecar's usual setting works.
	OTLPEndpoint string

	CMS      CMS
	Cache    Cache
	Frontend Frontend
	Orders   Orders
	Firebase Firebase
	Limits   Limits
	Forms    Forms
	Storage  Storage
	Hotels   Hotels
	Edge     Edge
	Partners Partners
	Mail     Mail
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

// Mail configures the sender of the mail outbox (bff/internal/mail): every replica runs one when
// SMTP_URL is set, and none when it is not (mail is then queued in Firestore and never sent).
type Mail struct {
	// URL is SMTP_URL, smtp://[user:password@]host[:port] (STARTTLS, required off this
	// machine) or smtps://... (TLS from the start). A Secret: it may carry the password.
	URL Secret
	// From is MAIL_FROM, the From of every message (an address, with a display name or not);
	// required with SMTP_URL.
	From string
	// Interval is MAIL_POLL_INTERVAL: how often a replica looks for mail to send.
	Interval time.Duration
}

// Orders configures the order system.
type Orders struct {
	URL   string // ORDERS_URL: the order system's GraphQL endpoint
	Token Secret // ORDERS_TOKEN: the bearer credential the order system requires of its clients
}

// DevOrdersToken is ORDERS_TOKEN outside a real project: the credential the order stand-in
// requires (orderstub.DevToken), so a development BFF sends one as production's does.
const DevOrdersToken = "order-stand-in-development-token"

// DevLeadersEmail is LEADERS_EMAIL outside a real project: an address of the reserved example
// domain, which no member could write to.
const DevLeadersEmail = "leaders@example.org"

// Partners configures what partner sites receive when a member signs in to them: an assertion
// signed with a key derived from SigningKey, which partners check against the published keys.
type Partners struct {
	SigningKey Secret // PARTNER_SIGNING_KEY: the secret the signing key is derived from
	// PreviousSigningKey is PARTNER_SIGNING_KEY_PREVIOUS: during a rotation, the key before, still
	// published so what it signed checks; empty otherwise.
	PreviousSigningKey Secret
	// SubjectSecret is PARTNER_SUBJECT_SECRET: the key of members' pairwise ids at partners. It
	// must never change: a partner knows its members by those ids.
	SubjectSecret Secret
}

// The partner keys outside a real project, public like every development default.
const (
	DevPartnerSigningKey    = "partner-assertions-development-signing-key"
	DevPartnerSubjectSecret = "partner-assertions-development-subject-secret"
)

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
	PerIP         int           // RATE_LIMIT_PER_IP: sign-in, sign-up, reset or verification attempts per IP per window
	PerEmail      int           // RATE_LIMIT_PER_EMAIL: the same per email (or member)
	Window        time.Duration // RATE_LIMIT_WINDOW
	ContentMisses int           // CONTENT_MISSES_PER_IP: content cache misses (CMS calls) one visitor address may cause per window
	MailsPerDay   int           // MAILS_PER_DAY: password-reset and verification mails one address may be sent in 24 hours
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
	UploadTimeout time.Duration // UPLOAD_TIMEOUT: how long one request of an upload (a chunk) may take
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

// Edge configures the proofs that a request to /api/v1 came through our own edge or from the
// Next.js server: the BFF refuses every unsigned one but the CMS's publish webhook, which carries
// its own HMAC (CMS_WEBHOOK_SECRET). Two keys, so that the one the CDN holds cannot sign as the
// server.
type Edge struct {
	// Secret is EDGE_SIGNING_SECRET: the HMAC key of the CDN's signed proxy rewrite (Netlify's
	// signed = rule), which signs every browser request it forwards to /api/v1 with an X-Nf-Sign
	// JWS of issuer "netlify".
	Secret Secret
	// ServerSecret is SERVER_SIGNING_SECRET: the HMAC key the Next.js server signs its own calls
	// to the BFF with, issuer "portal-frontend".
	ServerSecret Secret
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
		Addr:      r.addr(),
		AdminAddr: r.str("ADMIN_ADDR", ":9090"),
		LogLevel:  r.level("LOG_LEVEL", slog.LevelInfo),
		// 1 s of drain and 8 s of shutdown fit Cloud Run's 10 s between SIGTERM and SIGKILL, with
		// a second to spare for closing the clients.
		ShutdownTimeout:   r.duration("SHUTDOWN_TIMEOUT", 8*time.Second),
		ShutdownDrain:     r.waitDuration("SHUTDOWN_DRAIN", time.Second),
		RequestTimeout:    r.duration("REQUEST_TIMEOUT", 15*time.Second),
		MemoryLimit:       r.int64("MEMORY_LIMIT", 100<<20),
		ProductName:       r.str("PRODUCT_NAME", "Union Benefits"),
		SupportPhone:      r.str("SUPPORT_PHONE", "800-472-2005"),
		LeadersEmail:      r.str("LEADERS_EMAIL", DevLeadersEmail),
		ErrorReportingURL: Secret(r.str("ERROR_REPORTING_URL", "")),
		OTLPEndpoint:      strings.TrimRight(r.str("OTEL_EXPORTER_OTLP_ENDPOINT", ""), "/"),
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
		Orders: Orders{URL: r.str("ORDERS_URL", "http://127.0.0.1:8082/graphql"), Token: Secret(r.str("ORDERS_TOKEN", ""))},
		Partners: Partners{
			SigningKey:         Secret(r.str("PARTNER_SIGNING_KEY", "")),
			PreviousSigningKey: Secret(r.str("PARTNER_SIGNING_KEY_PREVIOUS", "")),
			SubjectSecret:      Secret(r.str("PARTNER_SUBJECT_SECRET", "")),
		},
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
			PerIP:         int(r.int64("RATE_LIMIT_PER_IP", 30)),
			PerEmail:      int(r.int64("RATE_LIMIT_PER_EMAIL", 10)),
			Window:        r.duration("RATE_LIMIT_WINDOW", 10*time.Minute),
			ContentMisses: int(r.int64("CONTENT_MISSES_PER_IP", 300)),
			MailsPerDay:   int(r.int64("MAILS_PER_DAY", 5)),
		},
		Storage: Storage{
			Bucket:        r.str("STORAGE_BUCKET", "demo-union-benefits.appspot.com"),
			Timeout:       r.duration("STORAGE_TIMEOUT", 10*time.Second),
			UploadTimeout: r.duration("UPLOAD_TIMEOUT", time.Minute),
		},
		Edge: Edge{
			Secret:       Secret(r.str("EDGE_SIGNING_SECRET", "")),
			ServerSecret: Secret(r.str("SERVER_SIGNING_SECRET", "")),
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
	c.Mail = Mail{
		URL:      Secret(r.str("SMTP_URL", "")),
		From:     r.str("MAIL_FROM", ""),
		Interval: r.duration("MAIL_POLL_INTERVAL", 10*time.Second),
	}
	r.mail(c.Mail)
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
	if u, err := url.Parse(c.ErrorReportingURL.Reveal()); c.ErrorReportingURL != "" &&
		(err != nil || u.Host == "" || (u.Scheme != "https" && (u.Scheme != "http" || c.Production()))) {
		r.errs = append(r.errs, errors.New("ERROR_REPORTING_URL: not an https URL (http only outside a real project)"))
	}
	// A collector beside the BFF (a Cloud Run sidecar) listens on localhost: any http(s) URL goes.
	if u, err := url.Parse(c.OTLPEndpoint); c.OTLPEndpoint != "" &&
		(err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http")) {
		r.errs = append(r.errs, fmt.Errorf("OTEL_EXPORTER_OTLP_ENDPOINT: %q is not an http(s) URL", c.OTLPEndpoint))
	}
	// An emulator trusts whoever calls it, so a real project must never be pointed at one: a
	// stray variable in a deploy would put members' data behind unauthenticated stand-ins. Firebase
	// reserves demo- projects for emulators (they can reach no real resource).
	for _, name := range []string{"FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST", "STORAGE_EMULATOR_HOST"} {
		if getenv(name) != "" && c.Production() {
			r.errs = append(r.errs, fmt.Errorf("%s: emulators are only for demo- projects, not %q", name, c.Firebase.ProjectID))
		}
	}
	if c.Firebase.SessionTTL < 5*time.Minute || c.Firebase.SessionTTL > 14*24*time.Hour {
		r.errs = append(r.errs, errors.New("SESSION_TTL: Firebase session cookies live between 5m and 336h"))
	}
	if c.CMS.WebhookSecret == "" {
		r.errs = append(r.errs, errors.New("CMS_WEBHOOK_SECRET: required (the publish webhook is refused without it)"))
	}
	r.edge(c.Edge)
	// The client's address comes from the edge's signed X-Nf-Client-Connection-Ip now; a deploy
	// still setting the old list believes it protects something it no longer does.
	if getenv("TRUSTED_PROXIES") != "" {
		r.errs = append(r.errs, errors.New("TRUSTED_PROXIES: no longer read (the client's address comes from the edge's signed X-Nf-Client-Connection-Ip); remove it"))
	}
	if c.Cache.Fresh > c.Cache.Stale {
		r.errs = append(r.errs, errors.New("CACHE_FRESH_TTL: must not exceed CACHE_STALE_TTL"))
	}
	// Cloud Run sets K_SERVICE, and kills a container 10 s after its SIGTERM: a drain and shutdown
	// that do not fit would be cut off by SIGKILL, dropping the requests they were meant to finish.
	if getenv("K_SERVICE") != "" && c.ShutdownDrain+c.ShutdownTimeout >= 10*time.Second {
		r.errs = append(r.errs, fmt.Errorf("SHUTDOWN_DRAIN + SHUTDOWN_TIMEOUT: %v does not fit Cloud Run's 10s between SIGTERM and SIGKILL",
			c.ShutdownDrain+c.ShutdownTimeout))
	}
	r.production(c)
	if !c.Production() {
		if c.Orders.Token == "" {
			c.Orders.Token = DevOrdersToken
		}
		if c.Partners.SigningKey == "" {
			c.Partners.SigningKey = DevPartnerSigningKey
		}
		if c.Partners.SubjectSecret == "" {
			c.Partners.SubjectSecret = DevPartnerSubjectSecret
		}
	}
	if c.Firebase.APIKey == "" {
		// production has already refused a real project without a key, emulator or not.
		if c.Firebase.AuthEmulatorHost == "" && !c.Production() {
			r.errs = append(r.errs, errors.New("FIREBASE_API_KEY: required outside the Auth emulator"))
		}
		c.Firebase.APIKey = "fake-api-key" // the emulator accepts any key
	}
	return c, errors.Join(r.errs...)
}

// Production reports whether the Config is for a real Firebase project: any project but a demo-
// one, which Firebase reserves for emulators (a demo- project can reach no real resource).
func (c Config) Production() bool { return !strings.HasPrefix(c.Firebase.ProjectID, "demo-") }

// minProductionSecret is the least length of a production key: 32 characters, so that even a
// random hex key (4 bits a character) carries 128 bits, beyond the reach of offline guessing.
const minProductionSecret = 32

// production refuses what is harmless on a developer's machine but unsafe or broken for a real
// project: the development defaults (every address on this machine, plain http), secrets short
// enough to guess, and secrets a real deploy cannot do without. Each problem is its own error.
func (r *reader) production(c Config) {
	if !c.Production() {
		return
	}
	// Over plain http the session cookie is not Secure and members' passwords cross the network
	// in the clear; the development default, http://127.0.0.1:3000, is both.
	if !isHTTPS(c.Frontend.URL) {
		r.errs = append(r.errs, fmt.Errorf("FRONTEND_URL: %s is not an https URL (session cookies would not be Secure); set the site's https address", c.Frontend.URL))
	}
	// A page served over http could post members' forms with their cookies: only https origins.
	for _, o := range c.Frontend.AllowedOrigins {
		if !isHTTPS(o) {
			r.errs = append(r.errs, fmt.Errorf("ALLOWED_ORIGINS: %s is not an https origin (a page served over plain http could post members' forms)", o))
		}
	}
	// A real deploy reaches its upstreams over the network: an address on this machine is a
	// development default left in, and every call to it would fail (or reach a stand-in).
	for _, u := range []struct{ name, value, what string }{
		{"CMS_URL", c.CMS.URL, "the production CMS"},
		{"CMS_PUBLIC_URL", c.CMS.PublicURL, "where browsers fetch the production CMS's files"},
		{"ORDERS_URL", c.Orders.URL, "the production order system"},
		{"HOTELS_API_URL", c.Hotels.APIURL, "the hotel partner's API"},
		// hotels allows a listings page on this machine for the stand-in; a member would be
		// sent to their own computer.
		{"HOTELS_LISTINGS_URL", c.Hotels.ListingsURL, "the hotel partner's listings page"},
		{"EXTERNAL_FORM_URL", c.Forms.ExternalURL, "the external forms' address"},
	} {
		if p, err := url.Parse(u.value); err != nil || p.Hostname() == "" {
			// Go dials this machine for an empty host; without a scheme there is no host at all.
			r.errs = append(r.errs, fmt.Errorf("%s: %s has no host (a call would reach this machine, or nothing); set %s", u.name, u.value, u.what))
		} else if onThisMachine(p.Hostname()) {
			r.errs = append(r.errs, fmt.Errorf("%s: %s is this machine (a development default); set %s", u.name, u.value, u.what))
		}
	}
	// A short key can be guessed offline from one signed request: a guessed edge or server key
	// lets anyone sign /api/v1 requests (and name any client address), the webhook's purges
	// content, the preview's opens drafts. The messages give lengths only: a secret never shows.
	for _, s := range []struct {
		name  string
		value Secret
	}{
		{"EDGE_SIGNING_SECRET", c.Edge.Secret},
		{"SERVER_SIGNING_SECRET", c.Edge.ServerSecret},
		{"CMS_WEBHOOK_SECRET", c.CMS.WebhookSecret},
		{"PREVIEW_SECRET", c.CMS.PreviewSecret},
		{"ORDERS_TOKEN", c.Orders.Token},
		{"PARTNER_SIGNING_KEY", c.Partners.SigningKey},
		{"PARTNER_SIGNING_KEY_PREVIOUS", c.Partners.PreviousSigningKey},
		{"PARTNER_SUBJECT_SECRET", c.Partners.SubjectSecret},
	} {
		// Empty is either reported as required already, or (PREVIEW_SECRET) turns the feature off.
		if n := len(s.value.Reveal()); n > 0 && n < minProductionSecret {
			r.errs = append(r.errs, fmt.Errorf("%s: too short for production (%d of at least %d characters)", s.name, n, minProductionSecret))
		}
	}
	// Sign-in, sign-up and password resets all call Identity Toolkit with the key; only an
	// emulator accepts none, and a real project never uses one.
	if c.Firebase.APIKey == "" {
		r.errs = append(r.errs, errors.New("FIREBASE_API_KEY: required for a real project (Identity Toolkit refuses calls without it)"))
	}
	// The order system holds every member's orders and places orders in their name: it answers
	// only a client that presents its credential, and the development one is public.
	if c.Orders.Token == "" || c.Orders.Token == DevOrdersToken {
		r.errs = append(r.errs, errors.New("ORDERS_TOKEN: required for a real project (the order system's credential; the development one will not do)"))
	}
	// What partners receive is signed with a key derived from it: the development one is public,
	// and anyone holding it could vouch for any member to a partner.
	if c.Partners.SigningKey == "" || c.Partners.SigningKey == DevPartnerSigningKey {
		r.errs = append(r.errs, errors.New("PARTNER_SIGNING_KEY: required for a real project (what partners receive is signed with it; the development one will not do)"))
	}
	if c.Partners.SubjectSecret == "" || c.Partners.SubjectSecret == DevPartnerSubjectSecret {
		r.errs = append(r.errs, errors.New("PARTNER_SUBJECT_SECRET: required for a real project (it keys members' ids at partners; the development one will not do)"))
	}
	// Members who ship abroad are told to write to it: the development one reaches no one.
	if c.LeadersEmail == DevLeadersEmail || !strings.Contains(c.LeadersEmail, "@") {
		r.errs = append(r.errs, errors.New("LEADERS_EMAIL: required for a real project (the shipping-state modal gives members this address; the development one reaches no one)"))
	}
	// Without it the BFF cannot ask Next.js to revalidate, so editors' publishes would never reach
	// the pages Next.js has already rendered.
	if c.Frontend.RevalidateSecret == "" {
		r.errs = append(r.errs, errors.New("REVALIDATE_SECRET: required for a real project (editors' publishes would never reach Next.js)"))
	}
}

// edge checks the two signing keys: both required (the BFF refuses every unsigned /api/v1
// request, so without them nothing but the CMS webhook could reach it), and different, so the key
// the CDN holds cannot sign as the Next.js server nor the other way round.
func (r *reader) edge(e Edge) {
	if e.Secret == "" {
		r.errs = append(r.errs, errors.New("EDGE_SIGNING_SECRET: required (the key of the CDN's signed proxy rewrite; every unsigned /api/v1 request is refused)"))
	}
	if e.ServerSecret == "" {
		r.errs = append(r.errs, errors.New("SERVER_SIGNING_SECRET: required (the key the Next.js server signs its calls with; every unsigned /api/v1 request is refused)"))
	}
	if e.Secret != "" && e.Secret == e.ServerSecret {
		r.errs = append(r.errs, errors.New("SERVER_SIGNING_SECRET: must differ from EDGE_SIGNING_SECRET (the CDN's key would sign as the Next.js server)"))
	}
}

// mail checks the sender's settings when there is a sender: an SMTP URL it can use and a From
// address. The errors never quote SMTP_URL, which may hold a password.
func (r *reader) mail(m Mail) {
	if m.URL == "" {
		return
	}
	if _, err := mail.ParseURL(m.URL.Reveal()); err != nil {
		r.errs = append(r.errs, fmt.Errorf("SMTP_URL: %w", err))
	}
	if m.From == "" {
		r.errs = append(r.errs, errors.New("MAIL_FROM: required with SMTP_URL (the From of every message)"))
	} else if _, err := netmail.ParseAddress(m.From); err != nil {
		r.errs = append(r.errs, fmt.Errorf("MAIL_FROM: %q is not an email address", m.From))
	}
}

// addr reads where the API listens: BFF_ADDR wins; else PORT, which Cloud Run sets to the port it
// sends requests to; else :8080.
func (r *reader) addr() string {
	if a := r.str("BFF_ADDR", ""); a != "" {
		return a
	}
	port := r.str("PORT", "")
	if port == "" {
		return ":8080"
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		r.errs = append(r.errs, fmt.Errorf("PORT: %q is not a port number", port))
		return ":8080"
	}
	return ":" + port
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

// isHTTPS reports whether raw is an absolute https URL.
func isHTTPS(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && u.Scheme == "https" && u.Hostname() != ""
}

// onThisMachine reports whether a host name is this machine: localhost (and its subdomains,
// which resolve to loopback), a loopback address (127.0.0.0/8, ::1), or the unspecified address
// (0.0.0.0, ::), which a dialer takes for this machine.
func onThisMachine(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.IsLoopback() || ip.IsUnspecified())
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
	return parsed(r, key, def, time.ParseDuration, func(d time.Duration) bool { return d > 0 }, "a positive duration such as 5s")
}

// waitDuration reads a duration that may be 0: a wait that can be left out (the local stack's
// drain, which no load balancer polls).
func (r *reader) waitDuration(key string, def time.Duration) time.Duration {
	return parsed(r, key, def, time.ParseDuration, func(d time.Duration) bool { return d >= 0 }, "a duration such as 5s or 0s")
}

func (r *reader) int64(key string, def int64) int64 {
	parse := func(v string) (int64, error) { return strconv.ParseInt(v, 10, 64) }
	return parsed(r, key, def, parse, func(n int64) bool { return n > 0 }, "a positive whole number")
}

func (r *reader) level(key string, def slog.Level) slog.Level {
	parse := func(v string) (slog.Level, error) {
		var l slog.Level
		err := l.UnmarshalText([]byte(v))
		return l, err
	}
	return parsed(r, key, def, parse, func(slog.Level) bool { return true }, "one of debug, info, warn, error")
}

// parsed reads key with parse: def when it is unset, and an error saying the value is not want
// (and def) when parse fails or ok refuses what it made.
func parsed[T any](r *reader, key string, def T, parse func(string) (T, error), ok func(T) bool, want string) T {
	v := r.getenv(key)
	if v == "" {
		return def
	}
	x, err := parse(v)
	if err != nil || !ok(x) {
		r.errs = append(r.errs, fmt.Errorf("%s: %q is not %s", key, v, want))
		return def
	}
	return x
}
