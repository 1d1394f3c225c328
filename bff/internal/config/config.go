// Package config reads the BFF's one Config from the environment, once, in main. Nothing else in
// the BFF reads the environment: everything receives what it needs from here.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"
)

// Config is every setting of the BFF. README.md lists each variable with its default.
type Config struct {
	Addr            string        // BFF_ADDR: where the HTTP server listens
	LogLevel        slog.Level    // LOG_LEVEL: debug, info, warn or error
	ShutdownTimeout time.Duration // SHUTDOWN_TIMEOUT: how long in-flight requests get on shutdown
	ProductName     string        // PRODUCT_NAME: the brand shown on every page
	SupportPhone    string        // SUPPORT_PHONE: the phone number messages quote

	CMSURL           string        // CMS_URL: the CMS's base URL (api/v0 is appended)
	CMSPublicURL     string        // CMS_PUBLIC_URL: where browsers fetch CMS files; defaults to CMS_URL
	CMSTimeout       time.Duration // CMS_TIMEOUT: the limit on one CMS call
	CMSWebhookSecret Secret        // CMS_WEBHOOK_SECRET: HMAC key of the publish webhook
	HomePath         string        // HOME_PATH: the CMS path of the home node

	CacheMaxBytes int64         // CACHE_MAX_BYTES: the content caches' budget
	CacheFresh    time.Duration // CACHE_FRESH_TTL: served without asking the CMS again
	CacheStale    time.Duration // CACHE_STALE_TTL: served while revalidating, or when the CMS fails

	FrontendURL      string   // FRONTEND_URL: Next.js, asked to revalidate after a purge
	AllowedOrigins   []string // ALLOWED_ORIGINS: comma-separated origins allowed to POST; FRONTEND_URL when empty
	RevalidateSecret Secret   // REVALIDATE_SECRET: bearer token for Next.js's /api/revalidate

	OrdersURL string // ORDERS_URL: the order system's GraphQL endpoint
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
		ProductName:     r.str("PRODUCT_NAME", "Union Benefits"),
		SupportPhone:    r.str("SUPPORT_PHONE", "800-472-2005"),

		CMSURL:           strings.TrimRight(r.str("CMS_URL", "http://127.0.0.1:8081"), "/"),
		CMSTimeout:       r.duration("CMS_TIMEOUT", 5*time.Second),
		CMSWebhookSecret: Secret(r.str("CMS_WEBHOOK_SECRET", "")),
		HomePath:         strings.Trim(r.str("HOME_PATH", "home/1072"), "/"),

		CacheMaxBytes: r.int64("CACHE_MAX_BYTES", 64<<20),
		CacheFresh:    r.duration("CACHE_FRESH_TTL", time.Minute),
		CacheStale:    r.duration("CACHE_STALE_TTL", 24*time.Hour),

		FrontendURL:      strings.TrimRight(r.str("FRONTEND_URL", "http://127.0.0.1:3000"), "/"),
		RevalidateSecret: Secret(r.str("REVALIDATE_SECRET", "")),

		OrdersURL: r.str("ORDERS_URL", "http://127.0.0.1:8082/graphql"),
	}
	c.AllowedOrigins = strings.FieldsFunc(r.str("ALLOWED_ORIGINS", c.FrontendURL), func(r rune) bool { return r == ',' || r == ' ' })
	c.CMSPublicURL = strings.TrimRight(r.str("CMS_PUBLIC_URL", c.CMSURL), "/")
	if c.CMSWebhookSecret == "" {
		r.errs = append(r.errs, errors.New("CMS_WEBHOOK_SECRET: required (the publish webhook is refused without it)"))
	}
	if c.CacheFresh > c.CacheStale {
		r.errs = append(r.errs, errors.New("CACHE_FRESH_TTL: must not exceed CACHE_STALE_TTL"))
	}
	return c, errors.Join(r.errs...)
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
