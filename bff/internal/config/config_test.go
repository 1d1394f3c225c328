package config

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := Load(env(map[string]string{"CMS_WEBHOOK_SECRET": "s", "FIREBASE_API_KEY": "k"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Firebase.SessionTTL != 120*time.Hour || c.Firebase.ProjectID != "demo-union-benefits" || c.Limits.PerIP != 30 || c.Limits.PerEmail != 10 {
		t.Fatalf("account defaults: %+v", c)
	}
	if c.Addr != ":8080" || c.CMS.URL != "http://127.0.0.1:8081" || c.CMS.PublicURL != c.CMS.URL ||
		c.CMS.Timeout != 5*time.Second || c.CMS.HomePath != "home/1072" || c.LogLevel != slog.LevelInfo {
		t.Fatalf("defaults: %+v", c)
	}
	if len(c.Frontend.AllowedOrigins) != 1 || c.Frontend.AllowedOrigins[0] != c.Frontend.URL {
		t.Fatalf("allowed origins %v", c.Frontend.AllowedOrigins)
	}
	if c.Forms.ExternalURL != "http://127.0.0.1:8081/sites/default/files/external-forms/{id}.html?embed=1" {
		t.Fatalf("external form url %q", c.Forms.ExternalURL)
	}
}

func TestEveryBadValueIsReportedAtOnce(t *testing.T) {
	_, err := Load(env(map[string]string{
		"CMS_TIMEOUT":     "soon",
		"CACHE_MAX_BYTES": "-1",
		"LOG_LEVEL":       "loud",
		"CACHE_FRESH_TTL": "48h",
		// Without {id} every external form would frame the same page.
		"EXTERNAL_FORM_URL": "https://forms.example.org/embed/?embed=1",
	}))
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"CMS_TIMEOUT", "CACHE_MAX_BYTES", "LOG_LEVEL", "CMS_WEBHOOK_SECRET", "CACHE_FRESH_TTL", "FIREBASE_API_KEY", "EXTERNAL_FORM_URL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %s: %v", want, err)
		}
	}
}

func TestTheShutdownDrainMayBeLeftOut(t *testing.T) {
	c, err := Load(env(map[string]string{"CMS_WEBHOOK_SECRET": "s", "FIREBASE_API_KEY": "k", "SHUTDOWN_DRAIN": "0s"}))
	if err != nil || c.ShutdownDrain != 0 {
		t.Fatalf("SHUTDOWN_DRAIN=0s: %v, drain %v", err, c.ShutdownDrain)
	}
	_, err = Load(env(map[string]string{"CMS_WEBHOOK_SECRET": "s", "FIREBASE_API_KEY": "k", "SHUTDOWN_DRAIN": "-1s"}))
	if err == nil || !strings.Contains(err.Error(), "SHUTDOWN_DRAIN") {
		t.Fatalf("SHUTDOWN_DRAIN=-1s: %v", err)
	}
}

func TestSecretsAreMaskedWhenLogged(t *testing.T) {
	c, _ := Load(env(map[string]string{"CMS_WEBHOOK_SECRET": "hunter2", "REVALIDATE_SECRET": "hunter3"}))
	var b strings.Builder
	slog.New(slog.NewJSONHandler(&b, nil)).Info("config", "config", c)
	out := b.String() + fmt.Sprintf("%v %+v", c, c)
	if strings.Contains(out, "hunter2") || strings.Contains(out, "hunter3") {
		t.Fatalf("a secret leaked: %s", out)
	}
}

func TestTheAuthEmulatorNeedsNoAPIKey(t *testing.T) {
	c, err := Load(env(map[string]string{"CMS_WEBHOOK_SECRET": "s", "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"}))
	if err != nil || c.Firebase.APIKey.Reveal() == "" {
		t.Fatalf("emulator config: %v, key %q", err, c.Firebase.APIKey.Reveal())
	}
}

func TestEmulatorsAreRefusedForARealProject(t *testing.T) {
	for _, name := range []string{"FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST", "STORAGE_EMULATOR_HOST"} {
		vars := map[string]string{"CMS_WEBHOOK_SECRET": "s", "FIREBASE_API_KEY": "k", name: "127.0.0.1:1"}
		if _, err := Load(env(vars)); err != nil {
			t.Errorf("%s with the default demo- project: %v", name, err)
		}
		vars["FIREBASE_PROJECT_ID"] = "union-benefits-prod"
		if _, err := Load(env(vars)); err == nil || !strings.Contains(err.Error(), name+": emulators are only for demo- projects") {
			t.Errorf("%s with a real project: %v", name, err)
		}
	}
}

func TestCookiesAreSecureExceptOnALocalhostFrontend(t *testing.T) {
	for url, secure := range map[string]bool{
		"http://127.0.0.1:3000":        false,
		"http://localhost:3000":        false,
		"https://benefits.example.org": true,
		"http://benefits.example.org":  true,
	} {
		c, _ := Load(env(map[string]string{"FRONTEND_URL": url}))
		if c.Frontend.SecureCookies != secure {
			t.Errorf("%s: secure %v, want %v", url, c.Frontend.SecureCookies, secure)
		}
	}
}

func TestHotelsDefaultToTheLocalStandIn(t *testing.T) {
	c, err := Load(env(map[string]string{"CMS_WEBHOOK_SECRET": "s", "FIREBASE_API_KEY": "k"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Hotels.APIURL != "http://127.0.0.1:8081" || c.Hotels.ListingsURL != "http://127.0.0.1:8081/hotels/listings" ||
		c.Hotels.MemberKey != "" || c.Hotels.Timeout != 3*time.Second {
		t.Fatalf("hotels: %+v", c.Hotels)
	}
}

// A real partner's listings page is https, and the partner must know the site by its member key.
func TestHotelsOfARealPartner(t *testing.T) {
	base := map[string]string{"CMS_WEBHOOK_SECRET": "s", "FIREBASE_API_KEY": "k",
		"HOTELS_API_URL": "https://hotels.example.com", "HOTELS_LISTINGS_URL": "https://hotels.example.com/hotels/listings"}
	if _, err := Load(env(base)); err == nil || !strings.Contains(err.Error(), "HOTELS_MEMBER_KEY") {
		t.Fatalf("err = %v, want the member key required", err)
	}
	base["HOTELS_MEMBER_KEY"] = "mk-1"
	if c, err := Load(env(base)); err != nil || c.Hotels.MemberKey != "mk-1" {
		t.Fatalf("%+v, %v", c.Hotels, err)
	}
	for _, bad := range []string{"http://hotels.example.com/l", "hotels.example.com/l", "https://u@hotels.example.com/l", "javascript:x"} {
		base["HOTELS_LISTINGS_URL"] = bad
		if _, err := Load(env(base)); err == nil || !strings.Contains(err.Error(), "HOTELS_LISTINGS_URL") {
			t.Errorf("%q: err = %v", bad, err)
		}
	}
	base["HOTELS_LISTINGS_URL"] = "https://hotels.example.com/l"
	base["HOTELS_API_URL"] = "ftp://hotels.example.com"
	if _, err := Load(env(base)); err == nil || !strings.Contains(err.Error(), "HOTELS_API_URL") {
		t.Errorf("err = %v", err)
	}
}

// REDIS_URL is optional, must be a redis URL when set, and never shows its password in logs.
func TestRedisURL(t *testing.T) {
	env := map[string]string{"CMS_WEBHOOK_SECRET": "s", "FIREBASE_API_KEY": "k"}
	get := func(k string) string { return env[k] }
	c, err := Load(get)
	if err != nil || c.RedisURL != "" {
		t.Fatalf("unset: %q %v", c.RedisURL, err)
	}
	env["REDIS_URL"] = "redis://:hunter2@10.0.0.3:6379/0"
	c, err = Load(get)
	if err != nil || c.RedisURL.Reveal() != env["REDIS_URL"] {
		t.Fatalf("set: %q %v", c.RedisURL.Reveal(), err)
	}
	if s := fmt.Sprint(c); strings.Contains(s, "hunter2") {
		t.Fatalf("the password shows: %s", s)
	}
	for _, bad := range []string{"10.0.0.3:6379", "http://10.0.0.3", "redis://"} {
		env["REDIS_URL"] = bad
		if _, err := Load(get); err == nil || !strings.Contains(err.Error(), "REDIS_URL") {
			t.Errorf("%q: %v, want a REDIS_URL error", bad, err)
		}
	}
}
