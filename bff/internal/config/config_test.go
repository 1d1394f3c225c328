package config

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// devVars is the least a development BFF (the default demo- project) loads with, plus more; a
// value of "" in more leaves that variable unset.
func devVars(more map[string]string) map[string]string {
	return mergeVars(map[string]string{"CMS_WEBHOOK_SECRET": "s", "FIREBASE_API_KEY": "k",
		"EDGE_SIGNING_SECRET": "edge", "SERVER_SIGNING_SECRET": "server"}, more)
}

func TestDefaults(t *testing.T) {
	c, err := Load(env(devVars(nil)))
	if err != nil {
		t.Fatal(err)
	}
	if c.Production() {
		t.Fatal("the default demo- project counts as production")
	}
	if c.AdminAddr != ":9090" || c.ShutdownDrain != time.Second || c.ShutdownTimeout != 8*time.Second {
		t.Fatalf("admin address %q, drain %v, shutdown %v", c.AdminAddr, c.ShutdownDrain, c.ShutdownTimeout)
	}
	if c.Edge.Secret.Reveal() != "edge" || c.Edge.ServerSecret.Reveal() != "server" {
		t.Fatalf("edge: %q %q", c.Edge.Secret.Reveal(), c.Edge.ServerSecret.Reveal())
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
	for _, want := range []string{"CMS_TIMEOUT", "CACHE_MAX_BYTES", "LOG_LEVEL", "CMS_WEBHOOK_SECRET", "CACHE_FRESH_TTL", "FIREBASE_API_KEY",
		"EXTERNAL_FORM_URL", "EDGE_SIGNING_SECRET", "SERVER_SIGNING_SECRET"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %s: %v", want, err)
		}
	}
}

func TestTheShutdownDrainMayBeLeftOut(t *testing.T) {
	c, err := Load(env(devVars(map[string]string{"SHUTDOWN_DRAIN": "0s"})))
	if err != nil || c.ShutdownDrain != 0 {
		t.Fatalf("SHUTDOWN_DRAIN=0s: %v, drain %v", err, c.ShutdownDrain)
	}
	_, err = Load(env(devVars(map[string]string{"SHUTDOWN_DRAIN": "-1s"})))
	if err == nil || !strings.Contains(err.Error(), "SHUTDOWN_DRAIN") {
		t.Fatalf("SHUTDOWN_DRAIN=-1s: %v", err)
	}
}

func TestSecretsAreMaskedWhenLogged(t *testing.T) {
	c, _ := Load(env(map[string]string{"CMS_WEBHOOK_SECRET": "hunter2", "REVALIDATE_SECRET": "hunter3",
		"EDGE_SIGNING_SECRET": "hunter4", "SERVER_SIGNING_SECRET": "hunter5"}))
	var b strings.Builder
	slog.New(slog.NewJSONHandler(&b, nil)).Info("config", "config", c)
	out := b.String() + fmt.Sprintf("%v %+v", c, c)
	for _, s := range []string{"hunter2", "hunter3", "hunter4", "hunter5"} {
		if strings.Contains(out, s) {
			t.Fatalf("a secret leaked: %s", out)
		}
	}
}

func TestTheAuthEmulatorNeedsNoAPIKey(t *testing.T) {
	c, err := Load(env(devVars(map[string]string{"FIREBASE_API_KEY": "", "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"})))
	if err != nil || c.Firebase.APIKey.Reveal() == "" {
		t.Fatalf("emulator config: %v, key %q", err, c.Firebase.APIKey.Reveal())
	}
}

func TestEmulatorsAreRefusedForARealProject(t *testing.T) {
	for _, name := range []string{"FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST", "STORAGE_EMULATOR_HOST"} {
		vars := devVars(map[string]string{name: "127.0.0.1:1"})
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
	c, err := Load(env(devVars(nil)))
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
	base := devVars(map[string]string{
		"HOTELS_API_URL": "https://hotels.example.com", "HOTELS_LISTINGS_URL": "https://hotels.example.com/hotels/listings"})
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
	env := devVars(nil)
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

// OTEL_EXPORTER_OTLP_ENDPOINT is optional (no traces exported without it), an http(s) URL when
// set, on this machine too (a collector sidecar), even for a real project.
func TestOTLPEndpoint(t *testing.T) {
	vars := devVars(nil)
	get := func(k string) string { return vars[k] }
	c, err := Load(get)
	if err != nil || c.OTLPEndpoint != "" {
		t.Fatalf("unset: %q %v", c.OTLPEndpoint, err)
	}
	vars["OTEL_EXPORTER_OTLP_ENDPOINT"] = "http://127.0.0.1:4318/"
	if c, err = Load(get); err != nil || c.OTLPEndpoint != "http://127.0.0.1:4318" {
		t.Fatalf("set: %q %v", c.OTLPEndpoint, err)
	}
	prod := productionVars()
	prod["OTEL_EXPORTER_OTLP_ENDPOINT"] = "http://localhost:4318"
	if c, err = Load(env(prod)); err != nil || c.OTLPEndpoint != "http://localhost:4318" {
		t.Fatalf("a real project's sidecar: %q %v", c.OTLPEndpoint, err)
	}
	for _, bad := range []string{"127.0.0.1:4318", "grpc://collector:4317", "http://"} {
		vars["OTEL_EXPORTER_OTLP_ENDPOINT"] = bad
		if _, err := Load(get); err == nil || !strings.Contains(err.Error(), "OTEL_EXPORTER_OTLP_ENDPOINT") {
			t.Errorf("%q: %v, want an OTEL_EXPORTER_OTLP_ENDPOINT error", bad, err)
		}
	}
}

// SMTP_URL is optional (no sender without it); with it MAIL_FROM is required, neither a bad URL
// nor a log line shows its password, and the poll interval has a default.
func TestMailSettings(t *testing.T) {
	env := devVars(nil)
	get := func(k string) string { return env[k] }
	c, err := Load(get)
	if err != nil || c.Mail.URL != "" || c.Mail.Interval != 10*time.Second {
		t.Fatalf("unset: %+v %v", c.Mail, err)
	}
	env["SMTP_URL"] = "smtp://mailer:hunter2@smtp.example.com:587"
	if _, err := Load(get); err == nil || !strings.Contains(err.Error(), "MAIL_FROM") {
		t.Errorf("no MAIL_FROM: %v", err)
	}
	env["MAIL_FROM"] = "Union Benefits <no-reply@union-benefits.test>"
	c, err = Load(get)
	if err != nil || c.Mail.URL.Reveal() != env["SMTP_URL"] || c.Mail.From != env["MAIL_FROM"] {
		t.Fatalf("set: %+v %v", c.Mail, err)
	}
	if s := fmt.Sprint(c); strings.Contains(s, "hunter2") {
		t.Fatalf("the password shows: %s", s)
	}
	for _, bad := range []string{"https://mailer:hunter2@smtp.example.com", "smtp://mailer:hunter2@", "smtp.example.com:25"} {
		env["SMTP_URL"] = bad
		_, err := Load(get)
		if err == nil || !strings.Contains(err.Error(), "SMTP_URL") || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%q: %v, want an SMTP_URL error without the password", bad, err)
		}
	}
	env["SMTP_URL"], env["MAIL_FROM"] = "smtp://127.0.0.1:1025", "not an address"
	if _, err := Load(get); err == nil || !strings.Contains(err.Error(), "MAIL_FROM") {
		t.Errorf("a bad MAIL_FROM: %v", err)
	}
}

// BFF_ADDR wins over PORT, which Cloud Run sets, which wins over the default.
func TestTheAddressComesFromBFFAddrThenPort(t *testing.T) {
	for _, tc := range []struct {
		vars map[string]string
		want string
	}{
		{nil, ":8080"},
		{map[string]string{"PORT": "8081"}, ":8081"},
		{map[string]string{"BFF_ADDR": "127.0.0.1:7000"}, "127.0.0.1:7000"},
		{map[string]string{"BFF_ADDR": "127.0.0.1:7000", "PORT": "8081"}, "127.0.0.1:7000"},
	} {
		c, err := Load(env(devVars(tc.vars)))
		if err != nil || c.Addr != tc.want {
			t.Errorf("%v: addr %q, %v; want %q", tc.vars, c.Addr, err, tc.want)
		}
	}
	for _, bad := range []string{"http", "0", "65536", ":8081"} {
		if _, err := Load(env(devVars(map[string]string{"PORT": bad}))); err == nil || !strings.HasPrefix(err.Error(), "PORT: ") {
			t.Errorf("PORT=%s: %v, want a PORT error", bad, err)
		}
	}
}

// The admin listener (/healthz, /readyz, /metrics) has a port of its own, which the edge never routes.
func TestTheAdminListenerDefaultsTo9090(t *testing.T) {
	c, err := Load(env(devVars(map[string]string{"PORT": "8081"})))
	if err != nil || c.AdminAddr != ":9090" {
		t.Fatalf("admin address %q, %v", c.AdminAddr, err)
	}
	c, err = Load(env(devVars(map[string]string{"ADMIN_ADDR": "127.0.0.1:9191"})))
	if err != nil || c.AdminAddr != "127.0.0.1:9191" {
		t.Fatalf("ADMIN_ADDR set: %q, %v", c.AdminAddr, err)
	}
}

// On Cloud Run (K_SERVICE set) the drain and the shutdown must end before the SIGKILL that
// follows SIGTERM by 10 s; elsewhere they may take what they like.
func TestTheShutdownFitsCloudRunsTenSeconds(t *testing.T) {
	onCloudRun := map[string]string{"K_SERVICE": "bff"}
	if c, err := Load(env(devVars(onCloudRun))); err != nil || c.ShutdownDrain+c.ShutdownTimeout >= 10*time.Second {
		t.Fatalf("the defaults on Cloud Run: drain %v + shutdown %v, %v", c.ShutdownDrain, c.ShutdownTimeout, err)
	}
	long := map[string]string{"SHUTDOWN_DRAIN": "4s", "SHUTDOWN_TIMEOUT": "8s"}
	if _, err := Load(env(devVars(long))); err != nil {
		t.Fatalf("12s off Cloud Run: %v", err)
	}
	long["K_SERVICE"] = "bff"
	_, err := Load(env(devVars(long)))
	want := "SHUTDOWN_DRAIN + SHUTDOWN_TIMEOUT: 12s does not fit Cloud Run's 10s between SIGTERM and SIGKILL"
	if err == nil || err.Error() != want {
		t.Fatalf("12s on Cloud Run: %v, want %q", err, want)
	}
	// Exactly 10 s leaves no time to exit before the SIGKILL.
	_, err = Load(env(devVars(map[string]string{"K_SERVICE": "bff", "SHUTDOWN_DRAIN": "2s", "SHUTDOWN_TIMEOUT": "8s"})))
	if err == nil || !strings.Contains(err.Error(), "SHUTDOWN_DRAIN + SHUTDOWN_TIMEOUT: 10s") {
		t.Fatalf("10s on Cloud Run: %v", err)
	}
}

// The BFF refuses every unsigned /api/v1 request: without both keys only the CMS webhook could
// reach it. One key for both would let the CDN's sign as the Next.js server.
func TestTheSigningSecretsAreRequiredAndDiffer(t *testing.T) {
	for _, name := range []string{"EDGE_SIGNING_SECRET", "SERVER_SIGNING_SECRET"} {
		_, err := Load(env(devVars(map[string]string{name: ""})))
		if p := problems(err); len(p) != 1 || !strings.HasPrefix(p[0], name+": required") {
			t.Errorf("%s unset: %v", name, err)
		}
	}
	_, err := Load(env(devVars(map[string]string{"EDGE_SIGNING_SECRET": "same", "SERVER_SIGNING_SECRET": "same"})))
	if err == nil || !strings.HasPrefix(err.Error(), "SERVER_SIGNING_SECRET: must differ from EDGE_SIGNING_SECRET") {
		t.Fatalf("one key for both: %v", err)
	}
}

// TRUSTED_PROXIES named the hops whose X-Forwarded-For was believed; the address now comes from
// the edge's signature, and a deploy still setting it is told so.
func TestTheOldTrustedProxiesAreRefused(t *testing.T) {
	_, err := Load(env(devVars(map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8"})))
	if p := problems(err); len(p) != 1 || !strings.HasPrefix(p[0], "TRUSTED_PROXIES: no longer read") {
		t.Fatalf("TRUSTED_PROXIES set: %v", err)
	}
}

// productionVars is a complete, valid production environment: a real project, https everywhere,
// keys of 32 characters or more, on Cloud Run.
func productionVars() map[string]string {
	return map[string]string{
		"FIREBASE_PROJECT_ID":    "union-benefits-prod",
		"FIREBASE_API_KEY":       "AIzaSyExampleExampleExampleExample0",
		"LEADERS_EMAIL":          "leaders@benefits.example.net",
		"ERROR_REPORTING_URL":    "https://errors.example.net/v1beta1/projects/union-benefits-prod/events:report?key=k",
		"STORAGE_BUCKET":         "union-benefits-prod-cases",
		"FRONTEND_URL":           "https://benefits.example.org",
		"ALLOWED_ORIGINS":        "https://benefits.example.org,https://www.benefits.example.org",
		"CMS_URL":                "https://cms.example.org",
		"CMS_PUBLIC_URL":         "https://files.example.org",
		"ORDERS_URL":             "https://orders.example.org/graphql",
		"ORDERS_TOKEN":           "orders-0123456789abcdef0123456789abcdef",
		"PARTNER_SIGNING_KEY":    "partner-signing-0123456789abcdef0123456789",
		"PARTNER_SUBJECT_SECRET": "partner-subject-0123456789abcdef0123456789",
		"HOTELS_API_URL":         "https://hotels.example.com",
		"HOTELS_LISTINGS_URL":    "https://hotels.example.com/hotels/listings",
		"HOTELS_MEMBER_KEY":      "mk-1",
		"EXTERNAL_FORM_URL":      "https://forms.example.org/embed/{id}?embed=1",
		"EDGE_SIGNING_SECRET":    "edge-0123456789abcdef0123456789abcdef",
		"SERVER_SIGNING_SECRET":  "server-0123456789abcdef0123456789abcdef",
		"CMS_WEBHOOK_SECRET":     "webhook-0123456789abcdef0123456789abcdef",
		"PREVIEW_SECRET":         "preview-0123456789abcdef0123456789abcdef",
		"REVALIDATE_SECRET":      "revalidate-secret",
		"REDIS_URL":              "rediss://10.0.0.3:6378/0",
		"K_SERVICE":              "bff",
		"PORT":                   "8080",
	}
}

// problems splits Load's error into its problems, one a line, each "VARIABLE: why".
func problems(err error) []string {
	if err == nil {
		return nil
	}
	return strings.Split(err.Error(), "\n")
}

// A real project refuses what is harmless on a developer's machine: each row changes one thing of
// a valid production environment and must be refused for that thing and nothing else.
func TestProductionRefusesUnsafeValues(t *testing.T) {
	c, err := Load(env(productionVars()))
	if err != nil {
		t.Fatalf("the valid production environment: %v", err)
	}
	if !c.Production() || !c.Frontend.SecureCookies || c.Addr != ":8080" {
		t.Fatalf("production %v, secure cookies %v, addr %q", c.Production(), c.Frontend.SecureCookies, c.Addr)
	}
	// Preview is optional: without its secret it is off, not refused.
	if _, err := Load(env(mergeVars(productionVars(), map[string]string{"PREVIEW_SECRET": ""}))); err != nil {
		t.Fatalf("production without preview: %v", err)
	}

	short := strings.Repeat("k", 31)
	for _, tc := range []struct {
		name string
		set  map[string]string
		want string // the one variable refused
	}{
		{"FRONTEND_URL over http", map[string]string{"FRONTEND_URL": "http://benefits.example.org"}, "FRONTEND_URL"},
		{"FRONTEND_URL's development default", map[string]string{"FRONTEND_URL": ""}, "FRONTEND_URL"},
		{"an http origin", map[string]string{"ALLOWED_ORIGINS": "https://benefits.example.org,http://benefits.example.org"}, "ALLOWED_ORIGINS"},
		{"CMS_URL's development default", map[string]string{"CMS_URL": ""}, "CMS_URL"},
		{"CMS_URL on localhost", map[string]string{"CMS_URL": "http://localhost:8081"}, "CMS_URL"},
		{"CMS_URL on LOCALHOST over https", map[string]string{"CMS_URL": "https://LOCALHOST"}, "CMS_URL"},
		{"CMS_URL on a subdomain of localhost", map[string]string{"CMS_URL": "https://cms.localhost"}, "CMS_URL"},
		{"CMS_URL on another loopback address", map[string]string{"CMS_URL": "https://127.1.2.3"}, "CMS_URL"},
		{"CMS_URL on ::1", map[string]string{"CMS_URL": "http://[::1]:8081"}, "CMS_URL"},
		{"CMS_URL on 0.0.0.0", map[string]string{"CMS_URL": "http://0.0.0.0:8081"}, "CMS_URL"},
		{"CMS_URL with no host", map[string]string{"CMS_URL": "http://:8081"}, "CMS_URL"},
		{"CMS_URL with no scheme", map[string]string{"CMS_URL": "cms.example.org"}, "CMS_URL"},
		{"CMS_PUBLIC_URL on this machine", map[string]string{"CMS_PUBLIC_URL": "http://127.0.0.1:8081"}, "CMS_PUBLIC_URL"},
		{"ORDERS_URL's development default", map[string]string{"ORDERS_URL": ""}, "ORDERS_URL"},
		{"HOTELS_API_URL's development default", map[string]string{"HOTELS_API_URL": ""}, "HOTELS_API_URL"},
		// hotels() lets the stand-in's listings page on this machine pass; production must not.
		{"HOTELS_LISTINGS_URL on this machine", map[string]string{"HOTELS_LISTINGS_URL": "http://127.0.0.1:8081/hotels/listings"}, "HOTELS_LISTINGS_URL"},
		{"EXTERNAL_FORM_URL on this machine", map[string]string{"EXTERNAL_FORM_URL": "http://localhost:8081/forms/{id}.html"}, "EXTERNAL_FORM_URL"},
		{"a short EDGE_SIGNING_SECRET", map[string]string{"EDGE_SIGNING_SECRET": short}, "EDGE_SIGNING_SECRET"},
		{"a short SERVER_SIGNING_SECRET", map[string]string{"SERVER_SIGNING_SECRET": short}, "SERVER_SIGNING_SECRET"},
		{"no FIREBASE_API_KEY", map[string]string{"FIREBASE_API_KEY": ""}, "FIREBASE_API_KEY"},
		{"no REVALIDATE_SECRET", map[string]string{"REVALIDATE_SECRET": ""}, "REVALIDATE_SECRET"},
		{"the development LEADERS_EMAIL", map[string]string{"LEADERS_EMAIL": ""}, "LEADERS_EMAIL"},
		{"an ERROR_REPORTING_URL over http", map[string]string{"ERROR_REPORTING_URL": "http://errors.example.org/report"}, "ERROR_REPORTING_URL"},
		{"an ERROR_REPORTING_URL with no host", map[string]string{"ERROR_REPORTING_URL": "https:///report"}, "ERROR_REPORTING_URL"},
		{"a LEADERS_EMAIL that is no address", map[string]string{"LEADERS_EMAIL": "leaders"}, "LEADERS_EMAIL"},
		{"a short PREVIEW_SECRET", map[string]string{"PREVIEW_SECRET": short}, "PREVIEW_SECRET"},
		{"a short CMS_WEBHOOK_SECRET", map[string]string{"CMS_WEBHOOK_SECRET": short}, "CMS_WEBHOOK_SECRET"},
		{"no ORDERS_TOKEN", map[string]string{"ORDERS_TOKEN": ""}, "ORDERS_TOKEN"},
		{"a short ORDERS_TOKEN", map[string]string{"ORDERS_TOKEN": short}, "ORDERS_TOKEN"},
		{"the order stand-in's ORDERS_TOKEN", map[string]string{"ORDERS_TOKEN": DevOrdersToken}, "ORDERS_TOKEN"},
		{"no PARTNER_SIGNING_KEY", map[string]string{"PARTNER_SIGNING_KEY": ""}, "PARTNER_SIGNING_KEY"},
		{"the development PARTNER_SIGNING_KEY", map[string]string{"PARTNER_SIGNING_KEY": DevPartnerSigningKey}, "PARTNER_SIGNING_KEY"},
		{"a short PARTNER_SIGNING_KEY_PREVIOUS", map[string]string{"PARTNER_SIGNING_KEY_PREVIOUS": short}, "PARTNER_SIGNING_KEY_PREVIOUS"},
		{"no PARTNER_SUBJECT_SECRET", map[string]string{"PARTNER_SUBJECT_SECRET": ""}, "PARTNER_SUBJECT_SECRET"},
		{"a short PARTNER_SUBJECT_SECRET", map[string]string{"PARTNER_SUBJECT_SECRET": short}, "PARTNER_SUBJECT_SECRET"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(env(mergeVars(productionVars(), tc.set)))
			if err == nil {
				t.Fatalf("loaded; want %s refused", tc.want)
			}
			for _, p := range problems(err) {
				if !strings.HasPrefix(p, tc.want+": ") {
					t.Errorf("a problem besides %s: %q", tc.want, p)
				}
			}
			if strings.Contains(err.Error(), short) {
				t.Errorf("the error shows the secret: %v", err)
			}
			t.Log(err)
		})
	}
}

// A real project's key is required whatever the emulator variables say; those variables are
// refused in their own right.
func TestProductionNeedsAnAPIKeyEvenBesideTheAuthEmulator(t *testing.T) {
	_, err := Load(env(mergeVars(productionVars(), map[string]string{"FIREBASE_API_KEY": "", "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"})))
	var names []string
	for _, p := range problems(err) {
		names = append(names, strings.SplitN(p, ":", 2)[0])
	}
	if strings.Join(names, " ") != "FIREBASE_AUTH_EMULATOR_HOST FIREBASE_API_KEY" {
		t.Fatalf("problems %q, want the emulator and the key: %v", names, err)
	}
}

// Forgetting every production setting (the development defaults with a real project) names every
// problem at once, each on its own line, so one failed deploy shows the whole list.
func TestProductionReportsEveryDevelopmentDefaultAtOnce(t *testing.T) {
	_, err := Load(env(map[string]string{"FIREBASE_PROJECT_ID": "union-benefits-prod", "CMS_WEBHOOK_SECRET": "s"}))
	got := map[string]bool{}
	for _, p := range problems(err) {
		got[strings.SplitN(p, ":", 2)[0]] = true
	}
	for _, want := range []string{"FRONTEND_URL", "ALLOWED_ORIGINS", "CMS_URL", "CMS_PUBLIC_URL", "ORDERS_URL",
		"HOTELS_API_URL", "HOTELS_LISTINGS_URL", "EXTERNAL_FORM_URL", "EDGE_SIGNING_SECRET", "SERVER_SIGNING_SECRET",
		"FIREBASE_API_KEY", "REVALIDATE_SECRET", "CMS_WEBHOOK_SECRET", "ORDERS_TOKEN", "PARTNER_SIGNING_KEY", "PARTNER_SUBJECT_SECRET",
		"LEADERS_EMAIL"} {
		if !got[want] {
			t.Errorf("no %s problem", want)
		}
	}
	t.Logf("the development defaults with a real project:\n%v", err)
}

// The local stack's values (bff/internal/dev/devstack: Env and the BFF's own) with the demo-
// project still load: short dev secrets, http and this machine are fine for a demo- project.
func TestTheDemoProjectWithTheStacksValuesLoads(t *testing.T) {
	vars := map[string]string{
		"CMS_URL":                     "http://127.0.0.1:8081",
		"ORDERS_URL":                  "http://127.0.0.1:8082/graphql",
		"FRONTEND_URL":                "http://127.0.0.1:3000",
		"FIRESTORE_EMULATOR_HOST":     "127.0.0.1:8085",
		"FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099",
		"STORAGE_EMULATOR_HOST":       "http://127.0.0.1:4443",
		"FIREBASE_PROJECT_ID":         "demo-union-benefits",
		"STORAGE_BUCKET":              "demo-union-benefits.appspot.com",
		"CMS_WEBHOOK_SECRET":          "dev-cms-webhook-secret",
		"PREVIEW_SECRET":              "dev-preview-secret",
		"REVALIDATE_SECRET":           "dev-revalidate-secret",
		"EDGE_SIGNING_SECRET":         "dev-edge-signing-secret",
		"SERVER_SIGNING_SECRET":       "dev-server-signing-secret",
		"SHUTDOWN_DRAIN":              "0s",
		"BFF_ADDR":                    "127.0.0.1:8080",
		"ALLOWED_ORIGINS":             "http://127.0.0.1:3000,http://localhost:3000",
		"SETTINGS_TTL":                "1s",
		"EXTERNAL_FORM_URL":           "http://127.0.0.1:8081/sites/default/files/external-forms/{id}.html?embed=1",
		"RATE_LIMIT_PER_IP":           "1000",
		"RATE_LIMIT_PER_EMAIL":        "200",
		"CMS_PREVIEW_TOKEN":           "dev-preview-token",
		"HOTELS_API_URL":              "http://127.0.0.1:8081",
		"HOTELS_LISTINGS_URL":         "http://127.0.0.1:8081/hotels/listings",
		"HOTELS_MEMBER_KEY":           "dev-member-key",
		"REDIS_URL":                   "redis://127.0.0.1:6379",
	}
	c, err := Load(env(vars))
	if err != nil {
		t.Fatalf("the stack's values: %v", err)
	}
	if c.Production() || c.Addr != "127.0.0.1:8080" || c.Frontend.SecureCookies {
		t.Fatalf("production %v, addr %q, secure cookies %v", c.Production(), c.Addr, c.Frontend.SecureCookies)
	}
	// The stack sets no ORDERS_TOKEN: the BFF sends the credential the order stand-in requires.
	if c.Orders.Token != DevOrdersToken {
		t.Fatalf("ORDERS_TOKEN unset for the demo project: %q, want the stand-in's", c.Orders.Token.Reveal())
	}
}

// mergeVars returns base with more's values put in; a value of "" leaves the variable unset.
func mergeVars(base, more map[string]string) map[string]string {
	for k, v := range more {
		base[k] = v
	}
	return base
}
